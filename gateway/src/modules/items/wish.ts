import {
  WISH_STATUSES,
  WISH_TYPES,
  itemTexts,
  validationTexts,
  wishAddSchema,
  wishBulkDeleteSchema,
  wishListQuerySchema,
  wishUpdateSchema,
  type WishJson,
  type WishStatsEntryJson,
  type WishStatsJson,
  type WishStatus,
  type WishType,
  type z,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { findInPages, upstreamNode } from '../../graphql/nodes.js';
import { isViewer } from '../../graphql/viewer.js';
import { invalidArgument, type ValidationIssue } from '../../graphql/errors.js';
import { enumValues, OrderDirection } from '../../graphql/enums.js';
import { Item, WishTypeEnum, itemUuidOf } from './item.js';
import { byField, listConnection, resultsConnection } from '../../graphql/connections.js';
import { ownIdOf, snakeCase, targetIdOf, upstreamFields, validateInput } from '../../graphql/ids.js';
import { payloadMutation, RENAMED_INPUT_REMOVAL_DATE, targetIdFields, type InputFieldBuilder } from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';
import type { GatewayContext } from '../../graphql/context.js';

const WishStatusEnum = builder.enumType('WishStatus', { values: enumValues(WISH_STATUSES) });

/**
 * The REST API reads a wish only in its owner's list of one type (owner only): the key is
 * `<ownerUuid>/<wishType>/<wishId>`.
 */
export const Wish = upstreamNode<WishJson>('Wish', {
  id: (wish) => `${wish.user?.uuid}/${wish.wish_type}/${wish.id}`,
  key: new RegExp(`^[0-9a-f-]{36}/(${WISH_TYPES.join('|')})/\\d{1,10}$`, 'i'),
  read: (key, context) => {
    const [ownerUuid, wishType, id] = key.split('/');
    return findInPages(
      async (page, pageSize) => {
        const answer = await context.items.wishes(ownerUuid, { wish_type: wishType, page, pageSize });
        return { items: answer.results, hasMore: answer.meta.hasNext };
      },
      (wish) => wish.id === id,
    );
  },
});

Wish.implement({
  description: "An entry of the viewer's buy or sell wish list. Its id names the owner and the list too: it is read through that list (owner only).",
  fields: (t) => ({
    databaseId: t.int({ resolve: (wish) => Number(wish.id) }),
    item: t.field({ type: Item, resolve: (wish) => wish.item }),
    wishType: t.field({ type: WishTypeEnum, resolve: (wish) => wish.wish_type }),
    status: t.field({ type: WishStatusEnum, resolve: (wish) => wish.status }),
    targetPrice: t.exposeInt('target_price', { nullable: true }),
    memo: t.exposeString('memo', { nullable: true }),
    priority: t.exposeInt('priority'),
    quantity: t.exposeInt('quantity'),
    isNotificationEnabled: t.exposeBoolean('is_notification_enabled'),
    notificationPrice: t.exposeInt('notification_price', { nullable: true }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
    completedAt: t.expose('completed_at', { type: 'DateTime', nullable: true }),
  }),
});

const WishStatsEntry = builder.objectRef<WishStatsEntryJson>('WishStatsEntry').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    active: t.exposeInt('active'),
    inactive: t.exposeInt('inactive'),
    completed: t.exposeInt('completed'),
  }),
});

const WishStats = builder.objectRef<WishStatsJson>('WishStats').implement({
  fields: (t) => ({
    buy: t.field({ type: WishStatsEntry, resolve: (stats) => stats.buy }),
    sell: t.field({ type: WishStatsEntry, resolve: (stats) => stats.sell }),
  }),
});

/**
 * Wish lists are private. The upstream shows a member's e-mail only to that member, so a User carrying an
 * e-mail is the caller's own record: anyone else's wishes resolve to null without an upstream call.
 */

/** GraphQL argument names for the upstream's query parameters. */
const wishArgumentOf: Record<string, string> = { wish_type: 'type', minPrice: 'minPrice', maxPrice: 'maxPrice' };

builder.objectFields(User, (t) => ({
  wishes: listConnection(t, 'Wish', {
    type: Wish,
    nullable: true,
    description: '나의 구매·판매 희망 목록 (본인만, 다른 회원에게는 null)',
    args: {
      type: t.arg({ type: WishTypeEnum, required: true }),
      status: t.arg({ type: WishStatusEnum }),
      search: t.arg.string({ description: '아이템 이름 검색' }),
      order: t.arg({ type: OrderDirection, description: '담은 시각 순 (기본 DESC)' }),
      minPrice: t.arg.int(),
      maxPrice: t.arg.int(),
    },
    resolve: (user, args, context) => {
      if (!isViewer(user, context)) return null;
      const query = {
        wish_type: args.type,
        status: args.status ?? undefined,
        search: args.search ?? undefined,
        order: args.order ?? undefined,
        minPrice: args.minPrice ?? undefined,
        maxPrice: args.maxPrice ?? undefined,
      };
      const parsed = wishListQuerySchema.safeParse(query);
      const issues: ValidationIssue[] = parsed.success
        ? []
        : parsed.error.issues.map((issue) => {
            const name = String(issue.path[0] ?? '');
            return { path: [wishArgumentOf[name] ?? name], message: issue.message, code: issue.code };
          });
      const order = byField<WishJson>('created_at', query.order === 'asc' ? 'asc' : 'desc');
      return resultsConnection(args, (page) => context.items.wishes(user.uuid, { ...query, ...page }), order, issues);
    },
  }),
  wishStats: t.field({
    type: WishStats,
    nullable: true,
    description: '나의 희망 목록 통계 (본인만)',
    resolve: (user, _args, context) => (isViewer(user, context) ? context.items.wishStats(user.uuid) : null),
  }),
}));

/** The upstream wish id inside a Wish id; a ValidationError on `path` otherwise. */
const wishIdOf = (globalId: string, path: string[]) => String(ownIdOf(globalId, 'Wish', path));

/** The wish a mutation acts on, from `id` or its deprecated name `wishId`. */
function targetWishIdOf(input: { id?: string | number | null; wishId?: string | number | null }): string {
  const { id, path } = targetIdOf(input, 'wishId');
  return wishIdOf(id, path);
}

/** A domain schema's verdict on an upstream body; issues point at the GraphQL input fields. */
function validBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return validateInput(schema, body, ['input']);
}

const wishFields = (t: InputFieldBuilder) => ({
  targetPrice: t.int({ description: '희망 가격 (0 이상)' }),
  memo: t.string({ description: '메모 (500자 이내)' }),
  priority: t.int({ description: '우선순위 0-10' }),
  quantity: t.int({ description: '수량 (양의 정수, 기본 1)' }),
  isNotificationEnabled: t.boolean({ description: '가격 알림 (기본 true)' }),
  notificationPrice: t.int(),
});

const wishFieldNames = ['targetPrice', 'memo', 'priority', 'quantity', 'isNotificationEnabled', 'notificationPrice'] as const;
/** The fields an update clears when they are sent as null (the others are only left out). */
const clearableWishFields = ['targetPrice', 'memo', 'notificationPrice'] as const;

/** The member whose lists changed, read again when asked: their `wishStats` (and lists) stay right in clients' stores. */
const viewerToRefetch = {
  type: User,
  nullable: true,
  description: '희망 리스트와 통계(wishStats)를 다시 읽을 회원',
  resolve: (_payload: unknown, context: GatewayContext) => context.accounts.me(),
} as const;

/** The changed wish, its item and the viewer. */
const wishPayload = { wish: Wish, item: Item, viewer: viewerToRefetch } as const;
const withItem = (wish: WishJson) => ({ wish, item: wish.item });

payloadMutation('addWish', {
  description: `아이템을 ${itemTexts.wishListNames.buy} 또는 ${itemTexts.wishListNames.sell}에 담습니다. 이미 담긴 아이템은 그대로 돌려줍니다.`,
  input: (f) => ({ itemId: f.id({ required: true }), wishType: f.field({ type: WishTypeEnum, required: true }), ...wishFields(f) }),
  payload: wishPayload,
  resolve: async (input, context) => {
    const body = validBody(wishAddSchema, {
      item_uuid: itemUuidOf(String(input.itemId), ['input', 'itemId']),
      wish_type: input.wishType,
      ...upstreamFields(input, wishFieldNames),
    });
    return withItem(await context.items.addWish(input.wishType as WishType, body));
  },
});

payloadMutation('removeWish', {
  input: (f) => ({ ...targetIdFields(f, 'wishId', 'wish'), wishType: f.field({ type: WishTypeEnum, required: true }) }),
  payload: { deletedWishId: 'ID', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const id = targetWishIdOf(input);
    await context.items.removeWish(input.wishType as WishType, id);
    return { deletedWishId: targetIdOf(input, 'wishId').id };
  },
});

payloadMutation('removeWishes', {
  description: '내 목록에서 여러 항목을 한 번에 삭제합니다. 다른 회원의 항목이 하나라도 있으면 아무것도 지우지 않고 ForbiddenError.',
  input: (f) => ({
    ids: f.idList({ description: 'The global ids of the wishes to delete. Required: the input is refused without it (or `wishIds`).' }),
    wishIds: f.idList({ description: 'The former name of `ids`.', deprecationReason: `Use ids. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.` }),
    wishType: f.field({ type: WishTypeEnum, required: true }),
  }),
  payload: { deletedWishIds: ['ID'], message: 'String', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const field = input.ids ? 'ids' : 'wishIds';
    const given = input.ids ?? input.wishIds;
    if (!given) throw invalidArgument(['input', 'ids'], validationTexts.idRequired, 'invalid_type');
    const ids = given.map((id, index) => wishIdOf(String(id), ['input', field, String(index)]));
    validBody(wishBulkDeleteSchema, { wish_ids: ids, wish_type: input.wishType });
    const answer = await context.items.removeWishes(input.wishType as WishType, ids);
    const deleted = new Set(answer.wish_ids);
    return { deletedWishIds: given.filter((_id, index) => deleted.has(ids[index])).map(String), message: answer.message };
  },
});

payloadMutation('setWishStatus', {
  input: (f) => ({
    ...targetIdFields(f, 'wishId', 'wish'),
    wishType: f.field({ type: WishTypeEnum, required: true }),
    status: f.field({ type: WishStatusEnum, required: true }),
  }),
  payload: wishPayload,
  resolve: async (input, context) => {
    const id = targetWishIdOf(input);
    return withItem(await context.items.setWishStatus(input.wishType as WishType, id, input.status as WishStatus));
  },
});

payloadMutation('updateWish', {
  description:
    '메모, 수량, 희망 가격, 알림, 상태를 바꿉니다. 모든 필드가 선택이며, 빠진 필드는 그대로 둡니다. targetPrice, memo, notificationPrice에 null을 보내면 지웁니다.',
  input: (f) => ({ ...targetIdFields(f, 'wishId', 'wish'), ...wishFields(f), status: f.field({ type: WishStatusEnum }) }),
  payload: wishPayload,
  resolve: async (input, context) => {
    const id = targetWishIdOf(input);
    const cleared = Object.fromEntries(clearableWishFields.filter((name) => input[name] === null).map((name) => [snakeCase(name), null]));
    const body = validBody(wishUpdateSchema, { ...upstreamFields(input, wishFieldNames), ...cleared, status: input.status ?? undefined });
    return withItem(await context.items.updateWish(id, body));
  },
});
