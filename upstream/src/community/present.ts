import type { Database } from '../db/client.js';
import type { PostJson } from '../../../domain/api.js';
import { serializePost, type MediaUrl } from '../serializers.js';
import { loadUsers } from '../accounts/user-repository.js';
import { likedPostIds, loadPostMedia, type PostRecord } from './post-repository.js';

/** Posts as answered: authors, pictures and the viewer's likes fetched in one batch each, never per post. */
export async function presentPosts(db: Database, records: PostRecord[], media: MediaUrl, viewerId: number | null): Promise<PostJson[]> {
  const rows = records.map((record) => record.post);
  const [users, pictures, liked] = await Promise.all([
    loadUsers(
      db,
      rows.map((post) => post.authorId),
    ),
    loadPostMedia(db, rows),
    likedPostIds(
      db,
      viewerId,
      rows.map((post) => post.id),
    ),
  ]);
  return records.map((record) => serializePost(record, { media, viewerId, users, pictures, liked }));
}
