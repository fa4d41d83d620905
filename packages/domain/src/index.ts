/** @riskatlas/domain — the API contract, ids and pure rules. Runs in the browser and in Node. */
export * from './ids';
export * from './errors';
export * from './messages';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/session';
export * from './schemas/account';
export * from './schemas/users';
export * from './schemas/prefs';
export * from './schemas/tasks';
export * from './schemas/files';
export * from './rules/page-state';
export * from './rules/session-schedule';
export * from './rules/polling';
export * from './rules/format';
export * from './rules/layout';
