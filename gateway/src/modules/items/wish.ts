import {
  ITEM_SEARCH_MAX_LENGTH,
  PAGE_SIZE_MAX,
  PRICE_MAX,
  WISH_MEMO_MAX,
  WISH_PRIORITY_MAX,
  WISH_QUANTITY_DEFAULT,
  WISH_QUANTITY_MAX,
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
import { ForbiddenError, NotFoundError, ValidationError, invalidArgument, type ValidationIssue } from '../../graphql/errors.js';
import { enumValues, OrderDirection } from '../../graphql/enums.js';
import { Item, WishTypeEnum, itemUuidOf } from './item.js';
import { byField, listConnection, resultsConnection } from '../../graphql/connections.js';
import { localKeyOf, refuseRenamedConflict, snakeCase, targetIdOf, upstreamFields, validateInput } from '../../graphql/ids.js';
import { payloadMutation, RENAMED_INPUT_REMOVAL_DATE, targetIdFields, type InputFieldBuilder } from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';
import type { GatewayContext } from '../../graphql/context.js';

const WishStatusEnum = builder.enumType('WishStatus', {
  description: 'Where a wish-list entry stands.',
  values: enumValues(WISH_STATUSES, {
    active: 'The member still wants to buy or sell it.',
    inactive: 'Set aside by the member for now.',
    completed: 'The member has bought or sold it.',
  }),
});

/**
 * The REST API reads a wish only in its owner's list of one type (owner only): the key is
 * `<ownerUuid>/<wishType>/<wishId>`.
 */
const WISH_KEY = new RegExp(`^[0-9a-f-]{36}/(${WISH_TYPES.join('|')})/\\d{1,10}$`, 'i');

/** Whether `ownerUuid` is the caller's own: a wish of anyone else is not theirs to read or change. */
async function isCallersOwn(ownerUuid: string, context: GatewayContext): Promise<boolean> {
  const me = await context.accounts.me();
  return me !== null && me.uuid.toLowerCase() === ownerUuid.toLowerCase();
}

export const Wish = upstreamNode<WishJson>('Wish', {
  id: (wish) => `${wish.user?.uuid}/${wish.wish_type}/${wish.id}`,
  key: WISH_KEY,
  read: async (key, context) => {
    const [ownerUuid, wishType, id] = key.split('/');
    // Another member's wish is answered as missing, as it is to anyone who may not see it: not that it exists.
    if (!(await isCallersOwn(ownerUuid, context))) throw new NotFoundError();
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
  description: "An entry of the signed-in member's buy or sell wish list. Only its owner can read it.",
  fields: (t) => ({
    databaseId: t.int({ description: "The entry's number, unique among wish-list entries.", resolve: (wish) => Number(wish.id) }),
    item: t.field({ type: Item, description: 'The item wanted.', resolve: (wish) => wish.item }),
    type: t.field({ type: WishTypeEnum, description: 'The list the entry is on: buy or sell.', resolve: (wish) => wish.wish_type }),
    wishType: t.field({
      type: WishTypeEnum,
      description: 'The former name of `type`.',
      deprecationReason: `Use type. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
      resolve: (wish) => wish.wish_type,
    }),
    status: t.field({ type: WishStatusEnum, description: 'Where the entry stands.', resolve: (wish) => wish.status }),
    targetPrice: t.exposeInt('target_price', { nullable: true, description: 'The price the member hopes for, in gems; null when they named none.' }),
    memo: t.exposeString('memo', { nullable: true, description: "The member's own note; null when there is none." }),
    priority: t.exposeInt('priority', { description: `The member's priority for it, 0 to ${WISH_PRIORITY_MAX}.` }),
    quantity: t.exposeInt('quantity', { description: 'How many the member wants to buy or sell.' }),
    isNotificationEnabled: t.exposeBoolean('is_notification_enabled', { description: 'Whether the member is notified about price changes of the item.' }),
    notificationPrice: t.exposeInt('notification_price', {
      nullable: true,
      description: 'The price, in gems, at which the member wants to be notified; null when they named none.',
    }),
    createdAt: t.expose('created_at', { type: 'DateTime', description: 'When the item was put on the list.' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime', description: 'When the entry last changed.' }),
    completedAt: t.expose('completed_at', { type: 'DateTime', nullable: true, description: 'When the entry was marked completed; null while it is not.' }),
  }),
});

const WishStatsEntry = builder.objectRef<WishStatsEntryJson>('WishStatsEntry').implement({
  description: 'How many entries one wish list holds, in all and by status.',
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'All entries of the list.' }),
    active: t.exposeInt('active', { description: 'The entries with status ACTIVE.' }),
    inactive: t.exposeInt('inactive', { description: 'The entries with status INACTIVE.' }),
    completed: t.exposeInt('completed', { description: 'The entries with status COMPLETED.' }),
  }),
});

const WishStats = builder.objectRef<WishStatsJson>('WishStats').implement({
  description: "The counts of a member's two wish lists.",
  fields: (t) => ({
    buy: t.field({ type: WishStatsEntry, description: 'The buy list.', resolve: (stats) => stats.buy }),
    sell: t.field({ type: WishStatsEntry, description: 'The sell list.', resolve: (stats) => stats.sell }),
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
    description: "The member's buy or sell wish list, readable by that member only: null for anyone else. One of `first` or `last` is required.",
    args: {
      type: t.arg({ type: WishTypeEnum, required: true, description: 'Which list.' }),
      status: t.arg({ type: WishStatusEnum, description: 'Only the entries with this status; all when left out.' }),
      search: t.arg.string({ description: `Only the entries whose item name contains this text, at most ${ITEM_SEARCH_MAX_LENGTH} characters.` }),
      order: t.arg({ type: OrderDirection, description: 'The order of when the items were put on the list (default DESC, newest first).' }),
      minPrice: t.arg.int({ description: 'Only the entries whose target price is at least this many gems.' }),
      maxPrice: t.arg.int({ description: 'Only the entries whose target price is at most this many gems; not below `minPrice`.' }),
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
    description: "The counts of the member's wish lists, readable by that member only: null for anyone else.",
    resolve: (user, _args, context) => (isViewer(user, context) ? context.items.wishStats(user.uuid) : null),
  }),
}));

builder.objectField(Item, 'viewerWish', (t) =>
  t.field({
    type: Wish,
    nullable: true,
    description:
      "The signed-in member's entry for this item on one of their lists, whatever its status; null for a guest and when the item is not on that list. An item is on a list at most once (`addWish` again answers the same entry); it may be on both lists at once.",
    args: { type: t.arg({ type: WishTypeEnum, required: true, description: 'Which list.' }) },
    resolve: async (item, args, context) => {
      const me = await context.accounts.me();
      return me ? context.items.ownWishOf(me.uuid, item, args.type as WishType) : null;
    },
  }),
);

/**
 * The wish a Wish id names (`<owner uuid>/<type>/<id>`, as `Wish.id` answers it): a ValidationError on
 * `path` when it is not one, ForbiddenError when it names another member's wish (the REST API acts on the id alone,
 * so the owner it names is checked here).
 */
async function wishOf(globalId: string, path: string[], context: GatewayContext): Promise<OwnWish> {
  return ownWish(wishKeyOf(globalId, path), context);
}

/** The key inside a Wish id; a ValidationError on `path` when it is not one. */
function wishKeyOf(globalId: string, path: string[]): string {
  const key = localKeyOf(globalId, 'Wish', WISH_KEY);
  if (key === null) throw invalidArgument(path, validationTexts.id, 'invalid_format');
  return key;
}

/** A wish of the caller's: its upstream id and the list its global id names. */
interface OwnWish {
  id: string;
  wishType: WishType;
}

/** The wish a Wish key names, when the caller owns it; ForbiddenError for another member's. */
async function ownWish(key: string, context: GatewayContext): Promise<OwnWish> {
  const [ownerUuid, wishType, id] = key.split('/');
  if (!(await isCallersOwn(ownerUuid, context))) throw new ForbiddenError(itemTexts.notOwnWish);
  return { id, wishType: wishType.toLowerCase() as WishType };
}

/**
 * The list a mutation acts on: the one its wishes' ids name, so `wishType` may be left out; when given it must be that
 * list. Ids of both lists at once are refused at `idsPath` (the REST API deletes from one list per call).
 */
function wishListOf(wishes: OwnWish[], given: string | null | undefined, idsPath: string[]): WishType | undefined {
  const named = [...new Set(wishes.map((wish) => wish.wishType))];
  if (named.length > 1) throw invalidArgument(idsPath, itemTexts.wishListsMixed);
  if (given && named.length && given !== named[0]) throw invalidArgument(['input', 'wishType'], itemTexts.wishTypeMismatch(itemTexts.wishListNames[named[0]]));
  return named[0] ?? (given as WishType | undefined);
}

/** `wishOf` for a list (at `[...path, "<index>"]`): every malformed id is one issue of one ValidationError, before any ownership check. */
async function wishIdsOf(globalIds: readonly (string | number)[], path: string[], context: GatewayContext): Promise<OwnWish[]> {
  const issues: ValidationIssue[] = [];
  const keys = globalIds.map((globalId, index) => {
    try {
      return wishKeyOf(String(globalId), [...path, String(index)]);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
      return '';
    }
  });
  if (issues.length) throw new ValidationError(issues);
  return Promise.all(keys.map((key) => ownWish(key, context)));
}

/** The wish a mutation acts on, from `id` or its deprecated name `wishId`. */
function targetWishOf(input: { id?: string | number | null; wishId?: string | number | null }, context: GatewayContext): Promise<OwnWish> {
  const { id, path } = targetIdOf(input, 'wishId');
  return wishOf(id, path, context);
}

/** A domain schema's verdict on an upstream body; issues point at the GraphQL input fields. */
function validBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return validateInput(schema, body, ['input']);
}

const wishFields = (t: InputFieldBuilder) => ({
  targetPrice: t.int({ description: `The price hoped for, in gems: 0 to ${PRICE_MAX}.` }),
  memo: t.string({ description: `A note for the member, at most ${WISH_MEMO_MAX} characters.` }),
  priority: t.int({ description: `The member's priority, 0 to ${WISH_PRIORITY_MAX} (default 0).` }),
  quantity: t.int({ description: `How many, 1 to ${WISH_QUANTITY_MAX} (default ${WISH_QUANTITY_DEFAULT}).` }),
  isNotificationEnabled: t.boolean({ description: 'Whether to notify the member about price changes (default true).' }),
  notificationPrice: t.int({ description: `The price, in gems, at which to notify the member: 0 to ${PRICE_MAX}.` }),
});

const wishFieldNames = ['targetPrice', 'memo', 'priority', 'quantity', 'isNotificationEnabled', 'notificationPrice'] as const;
/** The fields an update clears when they are sent as null (the others are only left out). */
const clearableWishFields = ['targetPrice', 'memo', 'notificationPrice'] as const;

/** The member whose lists changed, read again when asked: their `wishStats` (and lists) stay right in clients' stores. */
const viewerToRefetch = {
  type: User,
  nullable: true,
  description: 'The signed-in member, to read their wish lists and `wishStats` again.',
  resolve: (_payload: unknown, context: GatewayContext) => context.accounts.me(),
} as const;

/** The changed wish, its item and the viewer. */
const wishPayload = { wish: Wish, item: Item, viewer: viewerToRefetch } as const;
const withItem = (wish: WishJson) => ({ wish, item: wish.item });

payloadMutation('addWish', {
  description: "Puts an item on the signed-in member's buy or sell list, members only. An item already on that list is answered as it is.",
  input: (f) => ({
    itemId: f.id({ required: true, description: "The item's global id." }),
    wishType: f.field({ type: WishTypeEnum, required: true, description: 'Which list.' }),
    ...wishFields(f),
  }),
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

/** The optional `wishType` of the mutations that act on wishes by id: the ids already name their list. */
const wishTypeField = (f: InputFieldBuilder, list: string) =>
  f.field({
    type: WishTypeEnum,
    description: `${list} Optional: the id names it; when given, it must be that list (a ValidationError otherwise).`,
  });

payloadMutation('removeWish', {
  description:
    "Deletes one entry of the signed-in member's wish list, members only. Safe to send again: an entry already deleted answers as deleted. ForbiddenError for another member's entry.",
  input: (f) => ({
    ...targetIdFields(f, 'wishId', 'wish'),
    wishType: wishTypeField(f, 'The list the entry is on.'),
  }),
  payload: { deletedWishId: 'ID', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const wish = await targetWishOf(input, context);
    // The caller's own wish (targetWishOf checked) that the list no longer has was deleted before: by another tab, or
    // by this request sent again. Either way it is gone, as asked.
    await context.items.removeWish(wishListOf([wish], input.wishType, ['input', 'id'])!, wish.id).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
    return { deletedWishId: targetIdOf(input, 'wishId').id };
  },
});

payloadMutation('removeWishes', {
  description:
    "Deletes several entries of the signed-in member's wish list at once, members only. When any of them is another member's, nothing is deleted and the answer is ForbiddenError. Safe to send again: ids already deleted are passed over, and `deletedWishIds` names every listed wish, now gone from the list, for client caches to drop.",
  input: (f) => ({
    ids: f.idList({
      description: `The global ids of the wishes to delete, at most ${PAGE_SIZE_MAX}. Required: the input is refused without it (or \`wishIds\`).`,
    }),
    wishIds: f.idList({ description: 'The former name of `ids`.', deprecationReason: `Use ids. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.` }),
    wishType: wishTypeField(f, 'The list the entries are on.'),
  }),
  payload: { deletedWishIds: ['ID'], message: 'String', viewer: viewerToRefetch },
  resolve: async (input, context) => {
    const field = input.ids ? 'ids' : 'wishIds';
    const given = input.ids ?? input.wishIds;
    if (!given) throw invalidArgument(['input', 'ids'], validationTexts.idRequired, 'invalid_type');
    if (!given.length) throw invalidArgument(['input', field], itemTexts.wishIdsRequired, 'too_small');
    if (input.ids && input.wishIds) refuseRenamedConflict('ids', 'wishIds', input.ids.map(String).join() === input.wishIds.map(String).join());
    const wishes = await wishIdsOf(given, ['input', field], context);
    const ids = wishes.map((wish) => wish.id);
    const wishType = wishListOf(wishes, input.wishType, ['input', field]);
    validBody(wishBulkDeleteSchema, { wish_ids: ids, wish_type: wishType });
    const answer = await context.items.removeWishes(wishType!, ids);
    // Every wish named is off the list now: deleted by this request, or before it (another tab, a request sent again).
    return { deletedWishIds: [...new Set(given.map(String))], message: answer.message };
  },
});

payloadMutation('setWishStatus', {
  description:
    "Sets the status of an entry of the signed-in member's wish list, members only. NotFoundError when that list has no such entry, ForbiddenError for another member's entry.",
  input: (f) => ({
    ...targetIdFields(f, 'wishId', 'wish'),
    wishType: wishTypeField(f, 'The list the entry is on.'),
    status: f.field({ type: WishStatusEnum, required: true, description: 'The new status.' }),
  }),
  payload: wishPayload,
  resolve: async (input, context) => {
    const wish = await targetWishOf(input, context);
    return withItem(await context.items.setWishStatus(wishListOf([wish], input.wishType, ['input', 'id'])!, wish.id, input.status as WishStatus));
  },
});

payloadMutation('updateWish', {
  description:
    "Changes an entry of the signed-in member's wish list, members only. Every field is optional and a field left out stays as it is; null clears `targetPrice`, `memo` and `notificationPrice`. ForbiddenError for another member's entry.",
  input: (f) => ({
    ...targetIdFields(f, 'wishId', 'wish'),
    ...wishFields(f),
    status: f.field({ type: WishStatusEnum, description: 'The new status.' }),
  }),
  payload: wishPayload,
  resolve: async (input, context) => {
    const { id } = await targetWishOf(input, context);
    const cleared = Object.fromEntries(clearableWishFields.filter((name) => input[name] === null).map((name) => [snakeCase(name), null]));
    const body = validBody(wishUpdateSchema, { ...upstreamFields(input, wishFieldNames), ...cleared, status: input.status ?? undefined });
    return withItem(await context.items.updateWish(id, body));
  },
});
