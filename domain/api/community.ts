import { postJson } from '../api.js';
import { z } from '../zod.js';

/**
 * The community's small write answers as zod schemas for the upstream's /openapi.json (its main shapes live in
 * domain/api.ts). The web app never imports this file.
 */

export const postDeletedJson = z.object({ id: z.number().int(), deleted_at: z.string() }).meta({ id: 'PostDeleted' });

/** A deleted reply's id and its post as it now is (reply_count included). */
export const replyDeletedJson = z.object({ id: z.number().int(), post: postJson }).meta({ id: 'ReplyDeleted' });

export const userBlockedJson = z
  .object({ id: z.number().int(), block_target_user: z.number().int(), reason: z.string().nullable(), created_at: z.string() })
  .meta({ id: 'UserBlocked' });
