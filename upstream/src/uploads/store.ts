import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mediaFiles } from '../db/schema.js';

/**
 * Where uploaded files live. Either way /media serves them from a local folder with @fastify/static (ETag,
 * Last-Modified, ranges and conditional requests as for the bundled assets):
 * - on disk (`diskMedia`, the default with the embedded PGlite): the folder holds the files themselves. PGlite is
 *   one process's database, so there is no second upstream to share them with;
 * - in PostgreSQL (`postgresMedia`, whenever DATABASE_URL is set): the `media_files` table holds them, so every
 *   upstream process on the database serves every upload; the folder only keeps this process's copies.
 */
export interface MediaStore {
  /** The local folder /media serves uploads from. */
  readonly dir: string;
  /** Stores a new file under its path below /media (e.g. `uploads/<uuid>.jpeg`); files never change once stored. */
  save(path: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(paths: string[]): Promise<void>;
  /**
   * Called before /media serves `path` (below /media, already decoded): brings the local folder in line with
   * the store, fetching the file when this process has no copy and dropping the copy of a removed one.
   */
  beforeServe?(path: string): Promise<void>;
}

export function diskMedia(dir: string): MediaStore {
  return {
    dir,
    async save(path, bytes) {
      const file = localFile(dir, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async remove(paths) {
      await Promise.all(paths.map((path) => rm(localFile(dir, path), { force: true })));
    },
  };
}

/** Read in slices, so serving a 50 MB video for the first time never holds all of it (nor its hex text) in memory. */
const READ_SLICE_BYTES = 4 * 1024 * 1024;

/**
 * Files in PostgreSQL, served from local copies. A copy's modification time is the file's `created_at`, so every
 * process answers the same ETag and Last-Modified for it. `folders` are the first path segments uploads use:
 * anything else under /media (the bundled assets) is never looked up.
 */
export function postgresMedia(db: Database, dir: string, folders: readonly string[]): MediaStore {
  const fetching = new Map<string, Promise<void>>();

  /** Writes the copy under a temporary name and renames it, so a half-written file is never served. */
  async function writeCopy(file: string, createdAt: Date, write: (temporary: string) => Promise<void>): Promise<void> {
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    try {
      await write(temporary);
      await utimes(temporary, createdAt, createdAt);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function fetchCopy(path: string, file: string, size: number, createdAt: Date): Promise<void> {
    await writeCopy(file, createdAt, async (temporary) => {
      const handle = await open(temporary, 'w');
      try {
        for (let offset = 0; offset < size; offset += READ_SLICE_BYTES) {
          const [slice] = await db
            .select({ bytes: sql<Buffer>`substring(${mediaFiles.data} from ${offset + 1} for ${READ_SLICE_BYTES})`.mapWith(mediaFiles.data) })
            .from(mediaFiles)
            .where(eq(mediaFiles.path, path));
          if (!slice) throw new Error(`media file ${path} was removed while being read`);
          await handle.write(slice.bytes);
        }
      } finally {
        await handle.close();
      }
    });
  }

  return {
    dir,
    async save(path, bytes, contentType) {
      const file = localFile(dir, path);
      const [row] = await db.insert(mediaFiles).values({ path, contentType, size: bytes.length, data: bytes }).returning({ createdAt: mediaFiles.createdAt });
      await writeCopy(file, row.createdAt, (temporary) => writeFile(temporary, bytes));
    },
    async remove(paths) {
      if (!paths.length) return;
      await db.delete(mediaFiles).where(inArray(mediaFiles.path, paths));
      await Promise.all(paths.map((path) => rm(localFile(dir, path), { force: true })));
    },
    async beforeServe(path) {
      if (!isUploadPath(path, folders)) return;
      const file = localFile(dir, path);
      const [row] = await db.select({ size: mediaFiles.size, createdAt: mediaFiles.createdAt }).from(mediaFiles).where(eq(mediaFiles.path, path));
      if (!row) {
        // Removed through another process: this one's copy goes too, and /media answers 404.
        await rm(file, { force: true });
        return;
      }
      const copy = await stat(file).catch(() => null);
      if (copy?.size === row.size) return;
      let pending = fetching.get(path);
      if (!pending) {
        pending = fetchCopy(path, file, row.size, row.createdAt).finally(() => fetching.delete(path));
        fetching.set(path, pending);
      }
      await pending;
    },
  };
}

/** A path the upload routes could have written: below one of `folders`, plain names only (no `..`, no empty segment). */
function isUploadPath(path: string, folders: readonly string[]): boolean {
  const segments = path.split('/');
  return folders.includes(segments[0]) && segments.length > 1 && segments.every((segment) => /^[\w-][\w.-]*$/.test(segment) && !segment.includes('..'));
}

/** The file for a path below /media, never outside `dir`. */
function localFile(dir: string, path: string): string {
  const root = resolve(dir);
  const file = resolve(root, path);
  if (!file.startsWith(root + sep)) throw new Error(`media path outside the media folder: ${JSON.stringify(path)}`);
  return file;
}
