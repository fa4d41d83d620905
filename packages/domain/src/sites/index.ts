/** The pure rules of the site library (issue #5): search syntax, packed site list, client cache, tags. */
export * from './tags';
export * from './site-cache';
export * from './column-search';
export * from './search';
export * from './search-prefilter';
export * from './packed-sites';
