import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { STORY_FRIENDS_PAGE_SIZE, STORY_GROUPS_PAGE_SIZE, STORY_REACTIONS_PAGE_SIZE, STORY_VIEWERS_PAGE_SIZE } from '../../../domain/limits.js';
import { storyTexts } from '../../../domain/messages.js';
import {
  closeFriendCandidatesQuerySchema,
  closeFriendsSchema,
  highlightCreateSchema,
  storyCreateSchema,
  storyHideSchema,
  storyReactionSchema,
  storyReportSchema,
  storyUpdateSchema,
  storyViewSchema,
} from '../../../domain/stories.js';
import { reportCreatedJson, successJson } from '../../../domain/api/common.js';
import {
  closeFriendCandidateListJson,
  closeFriendIdsJson,
  hiddenStoryMemberListJson,
  highlightJson,
  highlightsJson,
  storyGroupListJson,
  storyJson,
  storyReactionJson,
  storyReactionListJson,
  storyStatsJson,
  storyViewJson,
  storyViewListJson,
} from '../../../domain/api/stories.js';
import type { Database } from '../db/client.js';
import type { StoryRow } from '../db/schema.js';
import { serializeCreated } from '../serializers.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { member, viewerId } from '../http/auth.js';
import { pageQuerySchema } from '../../../domain/paging.js';
import { pathId, requestMedia } from '../http/request.js';
import { validate } from '../http/validate.js';
import { storyNow } from './clock.js';
import { checkStoryMedia, STORY_UPLOAD_MAX_BYTES, writeStoryMedia } from './media.js';
import { readWithinLimit, StoredUploads } from '../uploads/images.js';
import type { MediaStore } from '../uploads/store.js';
import {
  addReaction,
  assertMember,
  closeFriendCandidates,
  createHighlight,
  createStory,
  deleteHighlight,
  deleteStory,
  findOwnStory,
  findVisibleStory,
  hiddenMembers,
  hideStories,
  listStoryReactions,
  listStoryViews,
  listCloseFriends,
  memberHighlights,
  memberStories,
  recordView,
  removeReaction,
  reportStory,
  setCloseFriends,
  trayStories,
  storyStats,
  unhideStories,
  updateStory,
} from './repository.js';
import {
  presentCloseFriendCandidates,
  presentHiddenMembers,
  presentHighlights,
  presentOwnView,
  presentReaction,
  presentReactions,
  presentStories,
  presentTray,
  presentViewers,
} from './present.js';
import { VIDEO_UPLOAD_LIMIT } from '../../../domain/uploads.js';
import { notifyStoryReaction } from '../messaging/events.js';
import { operation } from '../http/openapi.js';
import { z } from '../../../domain/zod.js';

/** A story id from the path; one that cannot name a row answers the stories' own not-found text. */
const storyId = (raw: string, message: string = storyTexts.errors.notFound) => pathId(raw, message);

/**
 * Stories (002 §7.4) under /api/stories/. Privacy is enforced on every read; expired stories (24 h)
 * leave every list and can no longer be viewed or reacted to; highlights keep them.
 */
export const storyRoutes: FastifyPluginAsync<{ db: Database; media: MediaStore }> = async (app, { db, media: mediaStore }) => {
  await app.register(multipart, { limits: { fileSize: STORY_UPLOAD_MAX_BYTES, files: 1, fields: 20 } });

  /** The multipart form: the `media` file (its bytes and declared type) and every text field. */
  async function readUpload(request: FastifyRequest): Promise<{ media: { bytes: Buffer; mimetype: string } | null; fields: Record<string, string> }> {
    if (!request.isMultipart()) throw ValidationError.of('media', storyTexts.media.missing, 'invalid_type');
    const fields: Record<string, string> = {};
    let media: { bytes: Buffer; mimetype: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const read = await readWithinLimit(part);
        if (!read) {
          throw ValidationError.of('media', VIDEO_UPLOAD_LIMIT.tooLarge, 'too_big');
        }
        if (part.fieldname === 'media') media = { bytes: read, mimetype: part.mimetype };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    return { media, fields };
  }

  const present = async (request: FastifyRequest, rows: StoryRow[]) => presentStories(db, rows, viewerId(request), requestMedia(request));
  /** A member's highlights as the caller may see them. */
  const highlightsOf = async (request: FastifyRequest, ownerId: number) =>
    presentHighlights(db, await memberHighlights(db, ownerId, viewerId(request)), viewerId(request), requestMedia(request));

  app.get(
    '/api/stories/groups',
    operation({
      id: 'listStoryGroups',
      summary: 'List the story tray',
      area: 'stories',
      query: pageQuerySchema(STORY_GROUPS_PAGE_SIZE),
      answer: storyGroupListJson,
    }),
    async (request) => {
      const { page, page_size } = validate(pageQuerySchema(STORY_GROUPS_PAGE_SIZE), request.query);
      const groups = await presentTray(db, await trayStories(db, viewerId(request)), viewerId(request), requestMedia(request));
      const start = (page - 1) * page_size;
      return { results: groups.slice(start, start + page_size), total: groups.length, hasMore: start + page_size < groups.length };
    },
  );

  app.get(
    '/api/stories/my',
    operation({ id: 'listMyStories', summary: 'List the caller’s live stories', area: 'stories', member: true, answer: z.array(storyJson) }),
    async (request) => {
      const viewer = member(request);
      return present(request, await memberStories(db, viewer.id, viewer.id));
    },
  );

  app.get<{ Params: { userId: string } }>(
    '/api/stories/user/:userId',
    operation({ id: 'listMemberStories', summary: 'List a member’s live stories', area: 'stories', answer: z.array(storyJson) }),
    async (request) => {
      const userId = storyId(request.params.userId, storyTexts.errors.memberNotFound);
      await assertMember(db, userId);
      return present(request, await memberStories(db, userId, viewerId(request)));
    },
  );

  app.post(
    '/api/stories/create',
    {
      config: { idempotent: true },
      ...operation({
        id: 'createStory',
        summary: 'Post a story',
        area: 'stories',
        member: true,
        body: storyCreateSchema.extend({ media: z.file() }),
        bodyAs: 'multipart',
        status: 201,
        answer: storyJson,
      }),
    },
    async (request, reply) => {
      const viewer = member(request);
      const { media, fields } = await readUpload(request);
      const input = validate(storyCreateSchema, fields);
      const detected = checkStoryMedia(media?.bytes ?? null, input.type, media?.mimetype);
      const stored = new StoredUploads(db, mediaStore);
      const row = await stored.keepIf(async () => {
        const path = await writeStoryMedia(mediaStore, detected.bytes, detected, stored);
        return createStory(db, viewer.id, input, detected, path, detected.bytes.length);
      });
      reply.code(201);
      return (await present(request, [row]))[0];
    },
  );

  app.get(
    '/api/stories/close-friends',
    operation({ id: 'listCloseFriends', summary: 'List the caller’s close friends', area: 'stories', member: true, answer: closeFriendIdsJson }),
    async (request) => ({
      results: await listCloseFriends(db, member(request).id),
    }),
  );

  app.put(
    '/api/stories/close-friends',
    operation({
      id: 'setCloseFriends',
      summary: 'Set the caller’s close friends',
      area: 'stories',
      member: true,
      body: closeFriendsSchema,
      answer: closeFriendIdsJson,
    }),
    async (request) => {
      const viewer = member(request);
      const { userIds } = validate(closeFriendsSchema, request.body);
      return { results: await setCloseFriends(db, viewer.id, userIds) };
    },
  );

  app.get(
    '/api/stories/close-friends/candidates',
    operation({
      id: 'listCloseFriendCandidates',
      summary: 'List the members who can be close friends',
      area: 'stories',
      member: true,
      query: closeFriendCandidatesQuerySchema,
      answer: closeFriendCandidateListJson,
    }),
    async (request) => {
      const viewer = member(request);
      const { page, page_size, q } = validate(closeFriendCandidatesQuerySchema, request.query);
      const { rows, total } = await closeFriendCandidates(db, viewer.id, q, { page, pageSize: page_size });
      return { results: await presentCloseFriendCandidates(db, rows, viewer.id, requestMedia(request)), total, hasMore: page * page_size < total };
    },
  );

  app.get(
    '/api/stories/hidden',
    operation({
      id: 'listHiddenMembers',
      summary: 'List the members whose stories the caller hid',
      area: 'stories',
      member: true,
      query: pageQuerySchema(STORY_FRIENDS_PAGE_SIZE),
      answer: hiddenStoryMemberListJson,
    }),
    async (request) => {
      const viewer = member(request);
      const { page, page_size } = validate(pageQuerySchema(STORY_FRIENDS_PAGE_SIZE), request.query);
      const { rows, total } = await hiddenMembers(db, viewer.id, { page, pageSize: page_size });
      return { results: await presentHiddenMembers(db, rows, viewer.id, requestMedia(request)), total, hasMore: page * page_size < total };
    },
  );

  app.post(
    '/api/stories/hide',
    operation({ id: 'hideStories', summary: 'Hide a member’s stories', area: 'stories', member: true, body: storyHideSchema, answer: successJson }),
    async (request) => {
      const viewer = member(request);
      const { userId } = validate(storyHideSchema, request.body);
      await hideStories(db, viewer.id, userId);
      return { success: true };
    },
  );

  app.delete<{ Params: { userId: string } }>(
    '/api/stories/hide/:userId',
    operation({ id: 'unhideStories', summary: 'Show a member’s stories again', area: 'stories', member: true, answer: successJson }),
    async (request) => {
      const viewer = member(request);
      await unhideStories(db, viewer.id, storyId(request.params.userId, storyTexts.errors.memberNotFound));
      return { success: true };
    },
  );

  app.post(
    '/api/stories/highlights',
    operation({
      id: 'createHighlight',
      summary: 'Create a highlight',
      area: 'stories',
      member: true,
      body: highlightCreateSchema,
      status: 201,
      answer: highlightJson,
    }),
    async (request, reply) => {
      const viewer = member(request);
      const input = validate(highlightCreateSchema, request.body);
      const row = await createHighlight(db, viewer.id, input);
      reply.code(201);
      return (await highlightsOf(request, viewer.id)).find((highlight) => highlight.id === row.id);
    },
  );

  app.get(
    '/api/stories/highlights/my',
    operation({ id: 'listMyHighlights', summary: 'List the caller’s highlights', area: 'stories', member: true, answer: highlightsJson }),
    async (request) => {
      const viewer = member(request);
      return { results: await highlightsOf(request, viewer.id) };
    },
  );

  app.get<{ Params: { userId: string } }>(
    '/api/stories/highlights/user/:userId',
    operation({ id: 'listMemberHighlights', summary: 'List a member’s highlights', area: 'stories', answer: highlightsJson }),
    async (request) => {
      const userId = storyId(request.params.userId, storyTexts.errors.memberNotFound);
      await assertMember(db, userId);
      return { results: await highlightsOf(request, userId) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/stories/highlights/:id',
    operation({ id: 'deleteHighlight', summary: 'Delete a highlight', area: 'stories', member: true, answer: successJson }),
    async (request) => {
      const viewer = member(request);
      await deleteHighlight(db, storyId(request.params.id, storyTexts.errors.highlightNotFound), viewer.id);
      return { success: true };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/stories/:id',
    operation({ id: 'getStory', summary: 'Get a story', area: 'stories', answer: storyJson }),
    async (request) => {
      const story = await findVisibleStory(db, storyId(request.params.id), viewerId(request));
      return (await present(request, [story]))[0];
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/stories/:id',
    operation({ id: 'updateStory', summary: 'Update a story', area: 'stories', member: true, body: storyUpdateSchema, answer: storyJson }),
    async (request) => {
      const viewer = member(request);
      const id = storyId(request.params.id);
      const input = validate(storyUpdateSchema, request.body);
      const story = await findOwnStory(db, id, viewer.id);
      if (story.expiresAt <= storyNow()) throw new NotFoundError(storyTexts.errors.notFound);
      return (await present(request, [await updateStory(db, story, input)]))[0];
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/stories/:id',
    operation({ id: 'deleteStory', summary: 'Delete a story', area: 'stories', member: true, answer: successJson }),
    async (request) => {
      const viewer = member(request);
      await deleteStory(db, await findOwnStory(db, storyId(request.params.id), viewer.id));
      return { success: true };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/stories/:id/view',
    operation({ id: 'viewStory', summary: 'Record a view of a story', area: 'stories', member: true, body: storyViewSchema, answer: storyViewJson }),
    async (request) => {
      const viewer = member(request);
      const input = validate(storyViewSchema, request.body ?? {});
      const story = await findVisibleStory(db, storyId(request.params.id), viewer.id);
      return presentOwnView(await recordView(db, story, viewer.id, input), story, viewer.id, input);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/stories/:id/reactions',
    operation({
      id: 'reactToStory',
      summary: 'React to a story',
      area: 'stories',
      member: true,
      body: storyReactionSchema,
      status: 201,
      answer: storyReactionJson,
      answerText: 'The new reaction (200 when it was already there)',
    }),
    async (request, reply) => {
      const viewer = member(request);
      const input = validate(storyReactionSchema, request.body);
      const story = await findVisibleStory(db, storyId(request.params.id), viewer.id);
      // The author's notification commits with the reaction or not at all.
      const { row, created } = await db.transaction(async (tx) => {
        const added = await addReaction(tx, story, viewer.id, input);
        if (added.created) await notifyStoryReaction(tx, story, added.row);
        return added;
      });
      reply.code(created ? 201 : 200);
      return presentReaction(db, row, viewer.id, requestMedia(request));
    },
  );

  app.delete<{ Params: { id: string; reactionId: string } }>(
    '/api/stories/:id/reactions/:reactionId',
    operation({ id: 'deleteStoryReaction', summary: 'Take back a reaction to a story', area: 'stories', member: true, answer: successJson }),
    async (request) => {
      const viewer = member(request);
      const story = await findVisibleStory(db, storyId(request.params.id), viewer.id);
      await removeReaction(db, story, storyId(request.params.reactionId), viewer.id);
      return { success: true };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/stories/:id/viewers',
    operation({
      id: 'listStoryViewers',
      summary: 'List a story’s viewers',
      area: 'stories',
      member: true,
      query: pageQuerySchema(STORY_VIEWERS_PAGE_SIZE),
      answer: storyViewListJson,
    }),
    async (request) => {
      const viewer = member(request);
      const { page, page_size } = validate(pageQuerySchema(STORY_VIEWERS_PAGE_SIZE), request.query);
      const story = await findOwnStory(db, storyId(request.params.id), viewer.id);
      const { rows, total } = await listStoryViews(db, story, { page, pageSize: page_size });
      return { results: await presentViewers(db, rows, viewer.id, requestMedia(request)), total, hasMore: page * page_size < total };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/stories/:id/reactions',
    operation({
      id: 'listStoryReactions',
      summary: 'List a story’s reactions',
      area: 'stories',
      member: true,
      query: pageQuerySchema(STORY_REACTIONS_PAGE_SIZE),
      answer: storyReactionListJson,
    }),
    async (request) => {
      const viewer = member(request);
      const { page, page_size } = validate(pageQuerySchema(STORY_REACTIONS_PAGE_SIZE), request.query);
      const story = await findOwnStory(db, storyId(request.params.id), viewer.id);
      const { rows, total } = await listStoryReactions(db, story, { page, pageSize: page_size });
      return { results: await presentReactions(db, rows, viewer.id, requestMedia(request)), total, hasMore: page * page_size < total };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/stories/:id/stats',
    operation({ id: 'getStoryStats', summary: 'Get a story’s statistics', area: 'stories', member: true, answer: storyStatsJson }),
    async (request) => {
      const viewer = member(request);
      return storyStats(db, await findOwnStory(db, storyId(request.params.id), viewer.id));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/stories/:id/report',
    operation({ id: 'reportStory', summary: 'Report a story', area: 'stories', member: true, body: storyReportSchema, status: 201, answer: reportCreatedJson }),
    async (request, reply) => {
      const viewer = member(request);
      const { reason } = validate(storyReportSchema, request.body);
      const story = await findVisibleStory(db, storyId(request.params.id), viewer.id);
      reply.code(201);
      return serializeCreated(await reportStory(db, story, viewer.id, reason));
    },
  );
};
