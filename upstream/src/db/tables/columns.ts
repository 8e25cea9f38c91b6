import { integer, serial, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The column groups every table is made of. Each builds exactly what the migrations already hold.

/** A point in time with its zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const id = () => serial('id').primaryKey();

/** The random public id clients pass around. */
export const publicUuid = () => uuid('uuid').notNull().unique().defaultRandom();

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A required reference to the row this one belongs to: it goes when that row goes. */
export const ownedBy = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: 'cascade' });

/** An optional reference, cleared when the row it names goes. */
export const optionalRef = (name: string, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: 'set null' });
