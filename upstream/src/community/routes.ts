import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  USER_REPLIES_PAGE_SIZE,
  REPLY_PAGE_SIZE,
  IMAGE_MAX_BYTES,
  PAGE_DEFAULT,
  POST_IMAGES_MAX,
  PAGE_SIZE_MAX,
  PAGE_SIZE_MIN,
} from '../../../domain/limits.js';
import { communityTexts, validationTexts as v } from '../../../domain/messages.js';
import { postCreateSchema, postReportSchema, postUpdateSchema, replyCreateSchema, replyUpdateSchema, userBlockSchema } from '../../../domain/post.js';
import { issuesFromZod } from '../../../domain/errors.js';
import { pageLinks } from '../../../domain/community.js';
import { z } from '../../../domain/zod.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, RequestValidationError } from '../http/errors.js';
import { pageUrl, parseId, requestMedia, singleValuedQuery } from '../http/request.js';
import { presentPosts } from './present.js';
import { blockPost, blockUser, createPost, deletePost, loadPostRecord, reportPost, togglePostLike, updatePost } from './post-writes.js';
import { createReply, deleteReply, listReplies, listUserReplies, presentReply, toggleReplyLike, updateReply } from './reply-repository.js';
import { serializeImage } from '../serializers.js';
import { readWithinLimit, storeImage, StoredUploads } from '../uploads/images.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../domain/uploads.js';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new RequestValidationError(issuesFromZod(parsed.error));
  return parsed.data;
}

function member(request: FastifyRequest): UserRow {
  if (!request.viewer) throw new HttpError(401);
  return request.viewer;
}

function pathId(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw new HttpError(404);
  return id;
}

const pageQuery = (defaultSize: number) =>
  z.object({
    page: z.coerce.number({ error: v.page }).int({ error: v.page }).min(1, { error: v.page }).default(PAGE_DEFAULT),
    page_size: z.coerce
      .number({ error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .int({ error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .min(PAGE_SIZE_MIN, { error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .max(PAGE_SIZE_MAX, { error: v.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX) })
      .default(defaultSize),
    target_user_id: z.coerce.number({ error: v.id }).int({ error: v.id }).positive({ error: v.id }).optional(),
  });

function page<T>(request: FastifyRequest, results: T[], total: number, pageNumber: number, pageSize: number) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const { hasNext, hasPrev } = pageLinks(pageNumber, totalPages);
  const next = hasNext ? pageUrl(request, pageNumber + 1) : null;
  const previous = hasPrev ? pageUrl(request, pageNumber - 1) : null;
  return {
    results,
    count: total,
    next,
    previous,
    total_pages: totalPages,
    links: { next, previous },
    meta: { page: pageNumber, pageSize, total, totalPages, hasNext, hasPrev },
  };
}

/**
 * The write side of the community (000 §7): posts, likes, replies, reports, blocks and picture uploads.
 * Post bodies come as JSON or multipart; multipart picture parts named `images` are stored and attached.
 */
export const communityRoutes: FastifyPluginAsync<{ db: Database; mediaDir: string }> = async (app, { db, mediaDir }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: POST_IMAGES_MAX, fields: 50 } });

  /**
   * A body as one object: JSON as sent; multipart fields (repeated ones as lists) plus the ids of the pictures
   * stored from its file parts, each recorded in `stored` so a failing request can take them back.
   */
  async function readBody(request: FastifyRequest, ownerId: number, stored: StoredUploads): Promise<Record<string, unknown>> {
    if (!request.isMultipart()) return (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, unknown> = {};
    const uploaded: number[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          uploaded.push((await storeImage(db, mediaDir, { bytes: await readFile(part), mimetype: part.mimetype }, ownerId, stored)).id);
          continue;
        }
        const value = String(part.value);
        const existing = fields[part.fieldname];
        fields[part.fieldname] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
        throw new RequestValidationError([{ path: 'images', message: communityTexts.upload.tooMany(POST_IMAGES_MAX), code: 'too_big' }]);
      }
      throw error;
    }
    if (uploaded.length) {
      const named = fields.images === undefined ? [] : Array.isArray(fields.images) ? fields.images : String(fields.images).split(',');
      fields.images = [...named.map(String).filter(Boolean), ...uploaded.map(String)];
    }
    return fields;
  }

  async function readFile(part: MultipartFile): Promise<Buffer> {
    const bytes = await readWithinLimit(part);
    if (!bytes) throw new RequestValidationError([{ path: 'image', message: IMAGE_UPLOAD_LIMIT.tooLarge, code: 'too_big' }]);
    return bytes;
  }

  const presentPost = async (request: FastifyRequest, id: number) => {
    const record = await loadPostRecord(db, id);
    if (!record) throw new HttpError(404);
    const [post] = await presentPosts(db, [record], requestMedia(request), request.viewer?.id ?? null);
    return post;
  };

  app.post('/v1/community/images/', async (request, reply) => {
    const viewer = member(request);
    if (!request.isMultipart()) throw new RequestValidationError([{ path: 'image', message: communityTexts.upload.missing, code: 'invalid_type' }]);
    const file = await request.file();
    if (!file) throw new RequestValidationError([{ path: 'image', message: communityTexts.upload.missing, code: 'invalid_type' }]);
    const image = await storeImage(db, mediaDir, { bytes: await readFile(file), mimetype: file.mimetype }, viewer.id);
    reply.code(201);
    return serializeImage(image, requestMedia(request));
  });

  app.post('/v1/community/', async (request, reply) => {
    const viewer = member(request);
    const stored = new StoredUploads(db, mediaDir);
    const record = await stored.keepIf(async () => createPost(db, viewer.id, parse(postCreateSchema, await readBody(request, viewer.id, stored))));
    const [post] = await presentPosts(db, [record], requestMedia(request), viewer.id);
    reply.code(201);
    return post;
  });

  app.put<{ Params: { id: string } }>('/v1/community/:id/', async (request) => {
    const viewer = member(request);
    const id = pathId(request.params.id);
    const stored = new StoredUploads(db, mediaDir);
    const record = await stored.keepIf(async () => updatePost(db, id, viewer.id, parse(postUpdateSchema, await readBody(request, viewer.id, stored))));
    const [post] = await presentPosts(db, [record], requestMedia(request), viewer.id);
    return post;
  });

  app.delete<{ Params: { id: string } }>('/v1/community/:id/', async (request) => {
    const viewer = member(request);
    return deletePost(db, pathId(request.params.id), viewer.id);
  });

  /** Toggles the viewer's like; answers the post (its `is_like`, `like_count` and `uuid` are the Like response). */
  app.patch<{ Params: { id: string } }>('/v1/community/:id/', async (request) => {
    const viewer = member(request);
    const id = pathId(request.params.id);
    await togglePostLike(db, id, viewer.id);
    return presentPost(request, id);
  });

  app.get<{ Params: { id: string } }>('/v1/community/:id/reply/', async (request) => {
    const id = pathId(request.params.id);
    const query = parse(pageQuery(REPLY_PAGE_SIZE), singleValuedQuery(request.query));
    const { results, total } = await listReplies(db, id, query.page, query.page_size, requestMedia(request), request.viewer?.id ?? null);
    return page(request, results, total, query.page, query.page_size);
  });

  /** A member's replies: `target_user_id`, or the viewer's own. */
  app.get('/v1/community/reply/', async (request) => {
    const query = parse(pageQuery(USER_REPLIES_PAGE_SIZE), singleValuedQuery(request.query));
    const userId = query.target_user_id ?? member(request).id;
    const { results, total } = await listUserReplies(db, userId, query.page, query.page_size, requestMedia(request), request.viewer?.id ?? null);
    return page(request, results, total, query.page, query.page_size);
  });

  app.post<{ Params: { id: string } }>('/v1/community/:id/reply/', async (request, reply) => {
    const viewer = member(request);
    const postId = pathId(request.params.id);
    const input = parse(replyCreateSchema, request.body ?? {});
    const created = await createReply(db, postId, viewer.id, input.content, input.parent_id);
    reply.code(201);
    return { ...(await presentReply(db, created, requestMedia(request), viewer.id)), post: await presentPost(request, postId) };
  });

  app.put<{ Params: { id: string; replyId: string } }>('/v1/community/:id/reply/:replyId/', async (request) => {
    const viewer = member(request);
    const postId = pathId(request.params.id);
    const input = parse(replyUpdateSchema, request.body ?? {});
    const updated = await updateReply(db, postId, pathId(request.params.replyId), viewer.id, input.content);
    return presentReply(db, updated, requestMedia(request), viewer.id);
  });

  app.delete<{ Params: { id: string; replyId: string } }>('/v1/community/:id/reply/:replyId/', async (request) => {
    const viewer = member(request);
    const postId = pathId(request.params.id);
    const replyId = pathId(request.params.replyId);
    await deleteReply(db, postId, replyId, viewer.id);
    return { id: replyId, post: await presentPost(request, postId) };
  });

  app.patch<{ Params: { id: string } }>('/v1/community/reply/:id/', async (request) => {
    const viewer = member(request);
    const updated = await toggleReplyLike(db, pathId(request.params.id), viewer.id);
    return presentReply(db, updated, requestMedia(request), viewer.id);
  });

  app.post<{ Params: { id: string } }>('/v1/community/:id/report/', async (request, reply) => {
    const viewer = member(request);
    const id = pathId(request.params.id);
    const input = parse(postReportSchema, request.body ?? {});
    const created = await reportPost(db, id, viewer.id, input);
    reply.code(201);
    return created;
  });

  app.post<{ Params: { id: string } }>('/v1/community/:id/block/', async (request, reply) => {
    const viewer = member(request);
    const created = await blockPost(db, pathId(request.params.id), viewer.id);
    reply.code(201);
    return created;
  });

  app.post('/v1/user/block/', async (request, reply) => {
    const viewer = member(request);
    const input = parse(userBlockSchema, request.body ?? {});
    const created = await blockUser(db, viewer.id, input.block_target_user, input.reason);
    reply.code(201);
    return created;
  });
};
