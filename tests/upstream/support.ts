import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../upstream/src/db/client.js';
import { posts, type PostRow } from '../../upstream/src/db/schema.js';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function getJson<T = any>(url: string, token?: string, scheme = 'token'): Promise<Answer<T>> {
  const response = await fetch(url, { headers: token ? { authorization: `${scheme} ${token}` } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** The posts a reader may see, straight from the store: the oracle list answers are checked against. */
export async function visiblePostRows(db: Database): Promise<PostRow[]> {
  return db
    .select()
    .from(posts)
    .where(and(isNull(posts.deletedAt), eq(posts.isHidden, false)));
}

/** Ids in the default order of the list: newest first, id breaking ties. */
export function newestFirst(rows: PostRow[]): number[] {
  return [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((row) => row.id);
}

export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
