/** The one Drizzle schema; migrations under ../migrations are generated from it. */
export * from './accounts';
export * from './users';
export * from './auth';
export * from './tenant';
export * from './licenses';
export * from './sites';
export * from './reports';
export * from './site-comments';
export * from './batches';
export * from './imports';
export * from './classifications';
