import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  itemSearchQuerySchema,
  probabilityKindSchema,
  wishAddSchema,
  wishBulkDeleteSchema,
  wishListQuerySchema,
  wishStatusChangeSchema,
  wishTypeSchema,
  wishUpdateSchema,
  wishUsersQuerySchema,
  type WishStatsJson,
} from '../../../domain/items.js';
import { WISH_STATUSES, WISH_TYPES, type ProbabilityKind, type WishType } from '../../../domain/limits.js';
import { itemTexts } from '../../../domain/messages.js';
import { itemReportSchema } from '../../../domain/report.js';
import type { Database } from '../db/client.js';
import type { ItemRow, UserRow, WishRow } from '../db/schema.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { member, viewerId } from '../http/auth.js';
import { pageJson } from '../http/page.js';
import { pathId, requestMedia, singleValuedQuery } from '../http/request.js';
import { validate } from '../http/validate.js';
import { serializeItem, serializeProbabilityItem, serializeWish, serializeWishUser } from './present.js';
import * as repo from './repository.js';
import { serializeCreated } from '../serializers.js';
import { loadUsers } from '../accounts/user-repository.js';
import { userUuidExists } from '../accounts/repository.js';
import { operation } from '../http/openapi.js';
import { z } from '../../../domain/zod.js';
import { reportCreatedJson } from '../../../domain/api/common.js';
import {
  itemJson,
  itemPageJson,
  probabilityItemJson,
  wishBulkDeleteJson,
  wishDeletedJson,
  wishJson,
  wishManageJson,
  wishPageJson,
  wishStatsJson,
  wishUsersJson,
} from '../../../domain/api/items.js';

/** The body of an add to the buy or sell list (the path names the list). */
const wishToAdd = wishAddSchema.omit({ wish_type: true });
const wishPath = z.object({ wishType: wishTypeSchema, id: z.string() });

async function itemOr404(db: Database, uuid: string): Promise<ItemRow> {
  const item = await repo.findItemByUuid(db, uuid);
  if (!item) throw new NotFoundError(itemTexts.itemNotFound);
  return item;
}

/** The member a path names by uuid must be the caller: wish lists are private. */
async function ownUserOr403(db: Database, request: FastifyRequest, userUuid: string): Promise<UserRow> {
  const viewer = member(request);
  if (viewer.uuid === userUuid.toLowerCase()) return viewer;
  if (!(await userUuidExists(db, userUuid))) throw new NotFoundError();
  throw new ForbiddenError();
}

/** A wish the caller owns; 404 when it does not exist (or is of another list), 403 when it is someone else's. */
async function ownWish(db: Database, request: FastifyRequest, rawId: string, wishType?: WishType) {
  const viewer = member(request);
  const record = await repo.findWish(db, pathId(rawId));
  if (!record || (wishType && record.wish.wishType !== wishType)) throw new NotFoundError(itemTexts.wishNotFound);
  if (record.wish.userId !== viewer.id) throw new ForbiddenError(itemTexts.notOwnWish);
  return { viewer, record };
}

export const itemRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** One of the caller's own wishes, with them as its owner. */
  const ownWishJson = async (request: FastifyRequest, wish: WishRow, item: ItemRow) => {
    const viewer = member(request);
    const owner = (await loadUsers(db, [viewer.id])).get(viewer.id);
    return serializeWish(wish, item, owner, requestMedia(request), viewer.id);
  };

  app.get(
    '/v1/item/search-name/',
    operation({ id: 'searchItems', summary: 'Search items by name', area: 'items', query: itemSearchQuerySchema, answer: itemPageJson }),
    async (request) => {
      const query = validate(itemSearchQuerySchema, singleValuedQuery(request.query));
      const { rows, total } = await repo.searchItemsByName(db, query.item_name, query.page, query.page_size);
      const media = requestMedia(request);
      return pageJson(
        request,
        rows.map((row) => serializeItem(row, media)),
        total,
        { page: query.page, pageSize: query.page_size },
      );
    },
  );

  app.get<{ Params: { uuid: string } }>(
    '/v1/item/:uuid/',
    operation({ id: 'getItem', summary: 'Get an item', area: 'items', answer: itemJson }),
    async (request) => {
      return serializeItem(await itemOr404(db, request.params.uuid), requestMedia(request));
    },
  );

  app.post<{ Params: { uuid: string } }>(
    '/v1/item/:uuid/report/',
    operation({ id: 'reportItem', summary: 'Report an item', area: 'items', member: true, body: itemReportSchema, status: 201, answer: reportCreatedJson }),
    async (request, reply) => {
      const viewer = member(request);
      const report = validate(itemReportSchema, request.body);
      const item = await itemOr404(db, request.params.uuid);
      const created = await repo.reportItem(db, item.id, viewer.id, report);
      return reply.code(201).send(serializeCreated(created));
    },
  );

  // ---------- wish lists (001 §7) ----------

  const addWish = (wishType: WishType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = member(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const input = validate(wishAddSchema, { ...body, wish_type: wishType });
    const item = await itemOr404(db, input.item_uuid);
    const { record, created } = await repo.addWish(db, viewer.id, item, input);
    return reply.code(created ? 201 : 200).send(await ownWishJson(request, record.wish, record.item));
  };
  app.post(
    '/v1/wishlist/buy',
    operation({
      id: 'addBuyWish',
      summary: 'Add an item to the buy list',
      area: 'items',
      member: true,
      body: wishToAdd,
      status: 201,
      answer: wishJson,
      answerText: 'The new wish (200 when the item was already on the list)',
    }),
    addWish('buy'),
  );
  app.post(
    '/v1/wishlist/sell',
    operation({
      id: 'addSellWish',
      summary: 'Add an item to the sell list',
      area: 'items',
      member: true,
      body: wishToAdd,
      status: 201,
      answer: wishJson,
      answerText: 'The new wish (200 when the item was already on the list)',
    }),
    addWish('sell'),
  );

  app.delete<{ Params: { wishType: string; id: string } }>(
    '/v1/wishlist/:wishType/:id/',
    operation({ id: 'deleteWish', summary: 'Remove a wish list entry', area: 'items', member: true, params: wishPath, answer: wishDeletedJson }),
    async (request) => {
      const wishType = validate(wishTypeSchema, request.params.wishType);
      const { record } = await ownWish(db, request, request.params.id, wishType);
      await repo.deleteWish(db, record.wish.id);
      return { id: String(record.wish.id), message: wishType === 'buy' ? itemTexts.removedFromBuyList : itemTexts.removedFromSellList };
    },
  );

  app.post<{ Params: { wishType: string; id: string } }>(
    '/v1/wishlist/:wishType/:id/toggle/',
    operation({
      id: 'changeWishStatus',
      summary: 'Change a wish list entry’s status',
      area: 'items',
      member: true,
      params: wishPath,
      body: wishStatusChangeSchema,
      answer: wishJson,
    }),
    async (request) => {
      const wishType = validate(wishTypeSchema, request.params.wishType);
      const { status } = validate(wishStatusChangeSchema, request.body);
      const { record } = await ownWish(db, request, request.params.id, wishType);
      const updated = await repo.updateWish(db, record.wish.id, { status });
      return ownWishJson(request, updated, record.item);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/v1/wishlist/:id/',
    operation({ id: 'updateWish', summary: 'Update a wish list entry', area: 'items', member: true, body: wishUpdateSchema, answer: wishJson }),
    async (request) => {
      const changes = validate(wishUpdateSchema, request.body);
      const { record } = await ownWish(db, request, request.params.id);
      const updated = await repo.updateWish(db, record.wish.id, changes);
      return ownWishJson(request, updated, record.item);
    },
  );

  app.delete(
    '/v1/item/wish-items',
    operation({
      id: 'deleteWishes',
      summary: 'Remove several wish list entries',
      area: 'items',
      member: true,
      body: wishBulkDeleteSchema,
      answer: wishBulkDeleteJson,
    }),
    async (request) => {
      const viewer = member(request);
      const input = validate(wishBulkDeleteSchema, request.body ?? {});
      const deleted = await repo.deleteWishes(db, viewer.id, input.wish_type, input.wish_ids);
      return { deleted_count: deleted.length, wish_ids: deleted.map(String), message: itemTexts.deletedSelected };
    },
  );

  app.post<{ Params: { item: string } }>(
    '/v1/item/wish-items/manage/:item/',
    operation({
      id: 'toggleWish',
      summary: 'Add an item to a wish list, or take it off',
      area: 'items',
      member: true,
      body: wishAddSchema.pick({ wish_type: true }),
      answer: wishManageJson,
      description: 'Adds the item to the list, or takes it off (wish_type in the body or the query)',
    }),
    async (request) => {
      const viewer = member(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const query = singleValuedQuery(request.query);
      const wishType = validate(wishTypeSchema, body.wish_type ?? query.wish_type);
      const item = await itemOr404(db, request.params.item);
      // A toggle: a wished item leaves the list, any other joins it with the defaults of the add payload.
      const removed = await repo.removeWishOfItem(db, viewer.id, item.id, wishType);
      if (!removed) await repo.addWish(db, viewer.id, item, validate(wishAddSchema, { item_uuid: item.uuid, wish_type: wishType }));
      const isWished = !removed;
      const message = isWished
        ? wishType === 'buy'
          ? itemTexts.addedToBuyList
          : itemTexts.addedToSellList
        : wishType === 'buy'
          ? itemTexts.removedFromBuyList
          : itemTexts.removedFromSellList;
      return { item_uuid: item.uuid, wish_type: wishType, is_wished: isWished, message };
    },
  );

  app.get<{ Params: { item: string } }>(
    '/v1/item/wish-items/users/:item/',
    operation({
      id: 'listItemWishers',
      summary: 'List the members buying or selling an item',
      area: 'items',
      query: wishUsersQuerySchema,
      answer: wishUsersJson,
    }),
    async (request) => {
      const query = validate(wishUsersQuerySchema, singleValuedQuery(request.query));
      const item = await itemOr404(db, request.params.item);
      const { rows, total } = await repo.listWishersOfItem(db, item.id, query.wish_type, query.page, query.page_size);
      const members = await loadUsers(
        db,
        rows.map((row) => row.userId),
      );
      const media = requestMedia(request);
      const results = rows.flatMap((row) => {
        const wisher = members.get(row.userId);
        return wisher ? [serializeWishUser(row, wisher, media, viewerId(request))] : [];
      });
      return {
        ...pageJson(request, results, total, { page: query.page, pageSize: query.page_size }),
        item: serializeItem(item, media),
        users: results,
        totalCount: total,
      };
    },
  );

  app.get<{ Params: { user: string } }>(
    '/v1/item/wish-items/stats/:user/',
    operation({ id: 'getWishStats', summary: 'Get a member’s wish list counts', area: 'items', member: true, answer: wishStatsJson }),
    async (request) => {
      const owner = await ownUserOr403(db, request, request.params.user);
      const stats = Object.fromEntries(
        WISH_TYPES.map((type) => [type, { total: 0, ...Object.fromEntries(WISH_STATUSES.map((status) => [status, 0])) }]),
      ) as unknown as WishStatsJson;
      for (const row of await repo.wishStats(db, owner.id)) {
        const entry = stats[row.wishType as WishType];
        entry[row.status as keyof typeof entry] += row.total;
        entry.total += row.total;
      }
      return stats;
    },
  );

  app.get<{ Params: { user: string } }>(
    '/v1/item/wish-items/:user/',
    operation({
      id: 'listWishes',
      summary: 'List a member’s wish list',
      area: 'items',
      member: true,
      params: z.object({ user: z.uuid().describe('The member’s `uuid` (the caller’s own: another member’s list answers 403).') }),
      query: wishListQuerySchema,
      answer: wishPageJson,
    }),
    async (request) => {
      const query = validate(wishListQuerySchema, singleValuedQuery(request.query));
      const owner = await ownUserOr403(db, request, request.params.user);
      const { rows, total } = await repo.listWishesOfUser(db, owner.id, query);
      const ownerRecord = (await loadUsers(db, [owner.id])).get(owner.id);
      const media = requestMedia(request);
      const results = rows.map(({ wish, item }) => serializeWish(wish, item, ownerRecord, media, owner.id));
      return pageJson(request, results, total, { page: query.page, pageSize: query.pageSize });
    },
  );

  // ---------- probability tables (002 §2.2, §7.2) ----------

  app.get<{ Params: { kind: string } }>(
    '/v1/probability/:kind/',
    operation({
      id: 'listProbabilityItems',
      summary: 'List a probability table',
      area: 'items',
      params: z.object({ kind: probabilityKindSchema }),
      answer: z.array(probabilityItemJson),
    }),
    async (request) => {
      const kind: ProbabilityKind = validate(probabilityKindSchema, request.params.kind);
      const media = requestMedia(request);
      return (await repo.listProbabilityItems(db, kind)).map((row) => serializeProbabilityItem(row, media));
    },
  );

  app.get<{ Params: { kind: string; id: string } }>(
    '/v1/probability/:kind/:id/',
    operation({
      id: 'getProbabilityItem',
      summary: 'Get one entry of a probability table',
      area: 'items',
      params: z.object({ kind: probabilityKindSchema, id: z.string() }),
      answer: probabilityItemJson,
    }),
    async (request) => {
      const kind: ProbabilityKind = validate(probabilityKindSchema, request.params.kind);
      const row = await repo.findProbabilityItem(db, kind, request.params.id);
      if (!row) throw new NotFoundError(itemTexts.probability.itemNotFound);
      return serializeProbabilityItem(row, requestMedia(request));
    },
  );
};
