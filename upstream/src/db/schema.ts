// Every table of the upstream's store (drizzle-kit reads this file to write migrations): the core community
// tables, then each area's own.
export * from './tables/core.js';
export * from './tables/accounts.js';
export * from './tables/items.js';
export * from './tables/community.js';
export * from './tables/stories.js';
export * from './tables/messaging.js';
export * from './tables/requests.js';
export * from './tables/media.js';
export * from './tables/keys.js';
