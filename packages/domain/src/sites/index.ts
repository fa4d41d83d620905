/** The pure rules of the site library: search syntax, packed site list, client cache, tags. */
export * from './tags';
export * from './client-site-list-cache';
export * from './column-search';
export * from './search';
export * from './search-prefilter';
export * from './packed-sites';
