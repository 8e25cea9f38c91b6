import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { categoriesJson, imageJson, postJson, postPageJson, replyJson, replyPageJson, replyWriteJson, userReplyPageJson } from '../../../domain/api.js';
import { postListQuerySchema, postReadQuerySchema } from '../../../domain/community.js';
import {
  USER_REPLIES_PAGE_SIZE,
  REPLY_ANSWERS_PAGE_SIZE,
  REPLY_PAGE_SIZE,
  POST_PAGE_SIZE_DEFAULT,
  IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
} from '../../../domain/limits.js';
import { communityTexts, validationTexts as v } from '../../../domain/messages.js';
import { postCreateSchema, postReportSchema, postUpdateSchema, replyCreateSchema, replyUpdateSchema, userBlockSchema } from '../../../domain/post.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../domain/uploads.js';
import { z } from '../../../domain/zod.js';
import type { Database } from '../db/client.js';
import type { PageRequest } from '../db/queries.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { member, viewerId } from '../http/auth.js';
import { pageQuerySchema } from '../../../domain/paging.js';
import { pageJson } from '../http/page.js';
import { pathId, requestMedia, singleValuedQuery } from '../http/request.js';
import { validate } from '../http/validate.js';
import { reportCreatedJson } from '../../../domain/api/common.js';
import { postDeletedJson, replyDeletedJson, userBlockedJson } from '../../../domain/api/community.js';
import { operation, uploadForm } from '../http/openapi.js';
import { serializeCreated, serializeImage } from '../serializers.js';
import { readWithinLimit, removeReleasedFiles, storeImage, StoredUploads } from '../uploads/images.js';
import type { MediaStore } from '../uploads/store.js';
import { profileRestriction } from '../accounts/repository.js';
import { listCategories } from './category-repository.js';
import { bookmarkPost, listBookmarkedPosts, unbookmarkPost } from './bookmark-repository.js';
import {
  blockPost,
  blockUser,
  createPost,
  deletePost,
  listLikedPosts,
  listPosts,
  loadPostRecord,
  openPost,
  reportPost,
  togglePostLike,
  updatePost,
  type PostRecord,
} from './post-repository.js';
import { presentCategoryTree, presentPosts, presentReplies, presentReply, presentThreads, presentUserReplies } from './present.js';
import { createReply, deleteReply, findReply, listAnswers, listReplies, listUserReplies, toggleReplyLike, updateReply } from './reply-repository.js';

const queryId = z.coerce.number({ error: v.id }).int({ error: v.id }).positive({ error: v.id }).optional();

/** A page of replies; `target_user_id` names whose replies `GET community/reply/` lists. */
const replyPageQuery = (defaultSize: number) => pageQuerySchema(defaultSize).extend({ target_user_id: queryId });

/** A page of a post's replies, or with `parent_id` of one reply's answers (pages of `REPLY_ANSWERS_PAGE_SIZE` by default). */
const postReplyPageQuery = (query: Record<string, unknown>) =>
  pageQuerySchema(query.parent_id === undefined ? REPLY_PAGE_SIZE : REPLY_ANSWERS_PAGE_SIZE).extend({ parent_id: queryId });

/** The liked and bookmarked lists: pages of posts. */
const postPageQuery = pageQuerySchema(POST_PAGE_SIZE_DEFAULT);

const postFormText = 'JSON, or multipart/form-data with the same fields: file parts named images are stored and attached';

const missingImage = () => ValidationError.of('image', communityTexts.upload.missing, 'invalid_type');

/**
 * The community (000 §7): categories, the post list and detail, posts, likes, replies, reports, blocks and
 * picture uploads. Post bodies come as JSON or multipart; multipart picture parts named `images` are stored
 * and attached.
 */
export const communityRoutes: FastifyPluginAsync<{ db: Database; media: MediaStore }> = async (app, { db, media }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: POST_IMAGES_MAX, fields: 50 } });

  /** Is this member's profile restricted for the caller (privacy setting)? */
  const restrictedAuthor = async (request: FastifyRequest, userId: number | undefined) =>
    userId !== undefined && (await profileRestriction(db, request.viewer, userId)) !== null;

  app.get(
    '/v1/community/categories/',
    operation({ id: 'listCategories', summary: 'List the post categories', area: 'community', answer: categoriesJson }),
    async () => {
      const { updateCode, rows } = await listCategories(db);
      return { update_code: updateCode, results: presentCategoryTree(rows) };
    },
  );

  app.get(
    '/v1/community/',
    operation({ id: 'listPosts', summary: 'List posts', area: 'community', query: postListQuerySchema, answer: postPageJson }),
    async (request) => {
      const query = validate(postListQuerySchema, singleValuedQuery(request.query));
      // A member's posts (their profile's list) follow their privacy setting: a restricted profile lists none.
      if (await restrictedAuthor(request, query.target_user_id ?? query.author_id)) {
        return pageJson(request, [], 0, { page: query.page, pageSize: query.page_size });
      }
      const { records, total } = await listPosts(db, query, viewerId(request));
      const results = await presentPosts(db, records, requestMedia(request), viewerId(request));
      return pageJson(request, results, total, { page: query.page, pageSize: query.page_size });
    },
  );

  /** A handler answering one page of one of the caller's own post lists (liked, bookmarked). */
  const viewerPostPage =
    (list: (db: Database, viewerId: number, page: PageRequest) => Promise<{ records: PostRecord[]; total: number }>) => async (request: FastifyRequest) => {
      const viewer = member(request);
      const query = validate(postPageQuery, singleValuedQuery(request.query));
      const page = { page: query.page, pageSize: query.page_size };
      const { records, total } = await list(db, viewer.id, page);
      return pageJson(request, await presentPosts(db, records, requestMedia(request), viewer.id), total, page);
    };

  /** The caller's liked posts, the newest like first (401 for guests). */
  app.get(
    '/v1/community/liked/',
    operation({
      id: 'listLikedPosts',
      summary: 'List the posts the caller liked',
      area: 'community',
      member: true,
      query: postPageQuery,
      answer: postPageJson,
    }),
    viewerPostPage(listLikedPosts),
  );

  app.get<{ Params: { id: string } }>(
    '/v1/community/:id/',
    operation({
      id: 'getPost',
      summary: "Get a post, counting a view (not its author's own)",
      area: 'community',
      query: postReadQuerySchema,
      answer: postJson,
    }),
    async (request) => {
      const { count_view: countView } = validate(postReadQuerySchema, singleValuedQuery(request.query));
      const record = await openPost(db, pathId(request.params.id), viewerId(request), { countView });
      if (!record) throw new NotFoundError();
      const [post] = await presentPosts(db, [record], requestMedia(request), viewerId(request));
      return post;
    },
  );

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
          uploaded.push((await storeImage(db, media, { bytes: await readFile(part), mimetype: part.mimetype }, ownerId, stored)).id);
          continue;
        }
        const value = String(part.value);
        const existing = fields[part.fieldname];
        fields[part.fieldname] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
        throw ValidationError.of('images', communityTexts.upload.tooMany(POST_IMAGES_MAX), 'too_big');
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
    if (!bytes) throw ValidationError.of('image', IMAGE_UPLOAD_LIMIT.tooLarge, 'too_big');
    return bytes;
  }

  const presentPost = async (request: FastifyRequest, id: number) => {
    const record = await loadPostRecord(db, id);
    if (!record) throw new NotFoundError();
    const [post] = await presentPosts(db, [record], requestMedia(request), viewerId(request));
    return post;
  };

  app.post(
    '/v1/community/images/',
    operation({
      id: 'uploadPostImage',
      summary: 'Upload an image for a post',
      area: 'community',
      member: true,
      body: uploadForm('image'),
      bodyAs: 'multipart',
      answer: imageJson,
      status: 201,
    }),
    async (request, reply) => {
      const viewer = member(request);
      if (!request.isMultipart()) throw missingImage();
      const file = await request.file();
      if (!file) throw missingImage();
      const image = await storeImage(db, media, { bytes: await readFile(file), mimetype: file.mimetype }, viewer.id);
      reply.code(201);
      return serializeImage(image, requestMedia(request));
    },
  );

  app.post(
    '/v1/community/',
    {
      config: { idempotent: true },
      ...operation({
        id: 'createPost',
        summary: 'Create a post',
        area: 'community',
        member: true,
        body: postCreateSchema,
        bodyAs: 'both',
        answer: postJson,
        status: 201,
        description: postFormText,
      }),
    },
    async (request, reply) => {
      const viewer = member(request);
      const stored = new StoredUploads(db, media);
      const record = await stored.keepIf(async () => createPost(db, viewer.id, validate(postCreateSchema, await readBody(request, viewer.id, stored))));
      const [post] = await presentPosts(db, [record], requestMedia(request), viewer.id);
      reply.code(201);
      return post;
    },
  );

  app.put<{ Params: { id: string } }>(
    '/v1/community/:id/',
    operation({
      id: 'updatePost',
      summary: 'Update a post',
      area: 'community',
      member: true,
      body: postUpdateSchema,
      bodyAs: 'both',
      answer: postJson,
      description: postFormText,
    }),
    async (request) => {
      const viewer = member(request);
      const id = pathId(request.params.id);
      const stored = new StoredUploads(db, media);
      const { result: record, releasedFiles } = await stored.keepIf(async () =>
        updatePost(db, id, viewer.id, validate(postUpdateSchema, await readBody(request, viewer.id, stored))),
      );
      await removeReleasedFiles(media, releasedFiles, request.log);
      const [post] = await presentPosts(db, [record], requestMedia(request), viewer.id);
      return post;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/v1/community/:id/',
    operation({ id: 'deletePost', summary: 'Delete a post', area: 'community', member: true, answer: postDeletedJson }),
    async (request) => {
      const viewer = member(request);
      const id = pathId(request.params.id);
      const { result: deletedAt, releasedFiles } = await deletePost(db, id, viewer.id);
      await removeReleasedFiles(media, releasedFiles, request.log);
      return { id, deleted_at: deletedAt.toISOString() };
    },
  );

  /** Toggles the viewer's like; answers the post (its `is_like`, `like_count` and `uuid` are the Like response). */
  app.patch<{ Params: { id: string } }>(
    '/v1/community/:id/',
    operation({ id: 'togglePostLike', summary: 'Like or unlike a post', area: 'community', member: true, answer: postJson }),
    async (request) => {
      const viewer = member(request);
      const id = pathId(request.params.id);
      await togglePostLike(db, id, viewer.id);
      return presentPost(request, id);
    },
  );

  /** The viewer's bookmarked posts, newest bookmark first (README "Bookmarks"). */
  app.get(
    '/v1/community/bookmarks/',
    operation({
      id: 'listBookmarkedPosts',
      summary: 'List the posts the caller bookmarked',
      area: 'community',
      member: true,
      query: postPageQuery,
      answer: postPageJson,
    }),
    viewerPostPage(listBookmarkedPosts),
  );

  /** Bookmarks the post for the viewer (idempotent); answers the post with its `is_bookmarked`. */
  app.put<{ Params: { id: string } }>(
    '/v1/community/:id/bookmark/',
    operation({ id: 'bookmarkPost', summary: 'Bookmark a post', area: 'community', member: true, answer: postJson }),
    async (request) => {
      const viewer = member(request);
      const id = pathId(request.params.id);
      await bookmarkPost(db, id, viewer.id);
      return presentPost(request, id);
    },
  );

  /** Removes the viewer's bookmark (idempotent); answers the post with its `is_bookmarked`. */
  app.delete<{ Params: { id: string } }>(
    '/v1/community/:id/bookmark/',
    operation({ id: 'unbookmarkPost', summary: 'Remove a bookmark', area: 'community', member: true, answer: postJson }),
    async (request) => {
      const viewer = member(request);
      const id = pathId(request.params.id);
      await unbookmarkPost(db, id, viewer.id);
      return presentPost(request, id);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/community/:id/reply/',
    operation({
      id: 'listPostReplies',
      summary: 'List a post’s replies',
      area: 'community',
      query: postReplyPageQuery({}),
      answer: replyPageJson,
      description: 'A post’s reply threads, or with parent_id one reply’s answers',
    }),
    async (request) => {
      const id = pathId(request.params.id);
      const raw = singleValuedQuery(request.query);
      const query = validate(postReplyPageQuery(raw), raw);
      const paging = { page: query.page, pageSize: query.page_size };
      if (query.parent_id !== undefined) {
        const { rows, total } = await listAnswers(db, id, query.parent_id, query.page, query.page_size, viewerId(request));
        return pageJson(request, await presentReplies(db, rows, requestMedia(request), viewerId(request)), total, paging);
      }
      const { total, ...threads } = await listReplies(db, id, query.page, query.page_size, viewerId(request));
      const results = await presentThreads(db, threads, requestMedia(request), viewerId(request));
      return pageJson(request, results, total, paging);
    },
  );

  /** One reply with the first page of its answers, as its post's list shows it to the caller (404 as that list would hide it). */
  app.get<{ Params: { id: string } }>(
    '/v1/community/reply/:id/',
    operation({ id: 'getReply', summary: 'Get a reply', area: 'community', answer: replyJson }),
    async (request) => {
      const { reply, children } = await findReply(db, pathId(request.params.id), viewerId(request));
      const [found] = await presentThreads(db, { roots: [reply], children }, requestMedia(request), viewerId(request));
      return found;
    },
  );

  /** A member's replies: `target_user_id`, or the viewer's own; none of a restricted profile. */
  app.get(
    '/v1/community/reply/',
    operation({
      id: 'listUserReplies',
      summary: 'List a member’s replies',
      area: 'community',
      query: replyPageQuery(USER_REPLIES_PAGE_SIZE),
      answer: userReplyPageJson,
    }),
    async (request) => {
      const query = validate(replyPageQuery(USER_REPLIES_PAGE_SIZE), singleValuedQuery(request.query));
      const userId = query.target_user_id ?? member(request).id;
      if (await restrictedAuthor(request, userId)) return pageJson(request, [], 0, { page: query.page, pageSize: query.page_size });
      const { rows, total } = await listUserReplies(db, userId, query.page, query.page_size, viewerId(request));
      const results = await presentUserReplies(db, rows, requestMedia(request), viewerId(request));
      return pageJson(request, results, total, { page: query.page, pageSize: query.page_size });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v1/community/:id/reply/',
    {
      config: { idempotent: true },
      ...operation({
        id: 'createReply',
        summary: 'Reply to a post or a reply',
        area: 'community',
        member: true,
        body: replyCreateSchema,
        answer: replyWriteJson,
        status: 201,
      }),
    },
    async (request, reply) => {
      const viewer = member(request);
      const postId = pathId(request.params.id);
      const input = validate(replyCreateSchema, request.body);
      const created = await createReply(db, postId, viewer.id, input.content, input.parent_id);
      reply.code(201);
      return { ...(await presentReply(db, created, requestMedia(request), viewer.id)), post: await presentPost(request, postId) };
    },
  );

  app.put<{ Params: { id: string; replyId: string } }>(
    '/v1/community/:id/reply/:replyId/',
    operation({ id: 'updateReply', summary: 'Update a reply', area: 'community', member: true, body: replyUpdateSchema, answer: replyJson }),
    async (request) => {
      const viewer = member(request);
      const postId = pathId(request.params.id);
      const input = validate(replyUpdateSchema, request.body);
      const updated = await updateReply(db, postId, pathId(request.params.replyId), viewer.id, input.content);
      return presentReply(db, updated, requestMedia(request), viewer.id);
    },
  );

  app.delete<{ Params: { id: string; replyId: string } }>(
    '/v1/community/:id/reply/:replyId/',
    operation({ id: 'deleteReply', summary: 'Delete a reply', area: 'community', member: true, answer: replyDeletedJson }),
    async (request) => {
      const viewer = member(request);
      const postId = pathId(request.params.id);
      const replyId = pathId(request.params.replyId);
      await deleteReply(db, postId, replyId, viewer.id);
      return { id: replyId, post: await presentPost(request, postId) };
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/v1/community/reply/:id/',
    operation({ id: 'toggleReplyLike', summary: 'Like or unlike a reply', area: 'community', member: true, answer: replyJson }),
    async (request) => {
      const viewer = member(request);
      const updated = await toggleReplyLike(db, pathId(request.params.id), viewer.id);
      return presentReply(db, updated, requestMedia(request), viewer.id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v1/community/:id/report/',
    operation({ id: 'reportPost', summary: 'Report a post', area: 'community', member: true, body: postReportSchema, status: 201, answer: reportCreatedJson }),
    async (request, reply) => {
      const viewer = member(request);
      const id = pathId(request.params.id);
      const input = validate(postReportSchema, request.body);
      const created = await reportPost(db, id, viewer.id, input);
      reply.code(201);
      return serializeCreated(created);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v1/community/:id/block/',
    operation({ id: 'blockPost', summary: 'Hide a post from the caller', area: 'community', member: true, status: 201, answer: reportCreatedJson }),
    async (request, reply) => {
      const viewer = member(request);
      const created = await blockPost(db, pathId(request.params.id), viewer.id);
      reply.code(201);
      return serializeCreated(created);
    },
  );

  app.post(
    '/v1/user/block/',
    operation({
      id: 'blockUserByPost',
      summary: 'Block a post’s author',
      area: 'community',
      member: true,
      body: userBlockSchema,
      status: 201,
      answer: userBlockedJson,
    }),
    async (request, reply) => {
      const viewer = member(request);
      const input = validate(userBlockSchema, request.body);
      const block = await blockUser(db, viewer.id, input.block_target_user, input.reason);
      reply.code(201);
      return { id: block.blockedId, block_target_user: block.blockedId, reason: block.reason, created_at: block.createdAt.toISOString() };
    },
  );
};
