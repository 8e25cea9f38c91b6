import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** PostgreSQL's bytea as a Buffer (drizzle's pg-core has no bytea column; node-postgres reads and writes Buffers). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (post and profile pictures, story media, notice attachments) when the store is PostgreSQL,
 * so every upstream process on the database serves every upload (uploads/store.ts). `path` is the file's
 * path under /media, e.g. `uploads/<uuid>.jpeg`; a file never changes once stored.
 */
export const mediaFiles = pgTable('media_files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
