import type { Database } from '../../upstream/src/db/client.js';
import { follows, users } from '../../upstream/src/db/schema.js';

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The start of an MP4 file: an `ftyp` box (isom), then an empty `mdat`. */
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat', 'latin1'),
]);

/** The start of a WebM file: the EBML header magic, then the `webm` doc type. */
export const WEBM_BYTES = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.alloc(16),
]);

/** Inserts members straight into the store; answers their ids in order. */
export async function addMembers(db: Database, nicknames: string[]): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(nicknames.map((nickname, index) => ({ nickname, email: `story-${index}-${Date.now()}-${Math.random().toString(36).slice(2)}@slime.community` })))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function follow(db: Database, followerId: number, followingId: number): Promise<void> {
  await db.insert(follows).values({ followerId, followingId }).onConflictDoNothing();
}

/** A multipart story upload body. */
export function storyForm(fields: Record<string, string>, media?: { bytes: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (media) form.append('media', new Blob([new Uint8Array(media.bytes)], { type: media.type }), media.name);
  return form;
}
