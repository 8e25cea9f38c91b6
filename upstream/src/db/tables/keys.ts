import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Secrets the upstream makes for itself on first start and keeps in the store, so every process on the database
 * (and the next start) signs with the same one: `media` signs the expiring addresses of inquiries' files
 * (uploads/signed-media.ts). Never sent to anyone.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
