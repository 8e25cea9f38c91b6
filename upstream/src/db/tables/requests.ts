import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns.js';
import { users } from './core.js';

/**
 * The first answer to each create a member sent with an `Idempotency-Key`, so a repeat (a retried or
 * double-clicked submit) gets that answer instead of creating again. The row is claimed before the create
 * runs (`status` null while it runs); keys older than a day are forgotten.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownedBy('user_id', () => users.id),
    key: text('key').notNull(),
    /** Method and path of the create, e.g. `POST /v1/community/12/reply/`. */
    route: text('route').notNull(),
    /** A hash of the JSON body; null for multipart bodies, which are not compared. */
    fingerprint: text('fingerprint'),
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key, t.route] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
