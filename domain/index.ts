export * from './messages.js';
export * from './errors.js';
export * from './community.js';
export { z } from './zod.js';
export * from './paging.js';
export type * from './api.js';
export * from './report.js';
