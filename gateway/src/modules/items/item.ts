import {
  AVATAR_LAYER_TYPES,
  ITEM_GRADES,
  ITEM_SEARCH_MAX_LENGTH,
  ITEM_SEARCH_MIN_LENGTH,
  ITEM_TYPES,
  REPORT_REASON_MAX,
  WISH_TYPES,
  itemReportSchema,
  itemTexts,
  itemSearchTermSchema,
  validationTexts,
  type ItemJson,
  type ItemType as ItemTypeValue,
  type SpriteJson,
  type WishType,
  type WishUserJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { findInPages, upstreamNode } from '../../graphql/nodes.js';
import { ConflictError, NotAuthenticatedError, NotFoundError, ValidationError, invalidArgument } from '../../graphql/errors.js';
import { byField, byIdentity, listConnection, pageConnection, queryConnection, resultsConnection } from '../../graphql/connections.js';
import { issuesAt, localKeyOf, targetIdOf, UUID_PATTERN, validateInput } from '../../graphql/ids.js';
import { enumValues, labelledDescriptions } from '../../graphql/enums.js';
import {
  RENAMED_INPUT_REMOVAL_DATE,
  rawIdReplacedBy,
  referencedObject,
  reportReasonTypeField,
  targetIdFields,
  payloadMutation,
} from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';
import { isViewer } from '../../graphql/viewer.js';

/** What each kind is, in English; the avatar layers also say where they stack (domain's order, bottom to top). */
const itemTypeMeanings: Record<ItemTypeValue, string> = {
  equipment: 'Equipment: a whole outfit, previewed on the layered avatar',
  hair_back: 'Hair behind the head',
  body: 'The body',
  face: 'The face',
  eye_deco: 'An eye decoration',
  face_deco: 'A face decoration',
  bottom: 'Bottoms',
  top: 'A top',
  shoes: 'Shoes',
  cape: 'A cape',
  hand: 'Something held in the hand',
  hair_front: 'Front hair (bangs)',
  head: 'Headwear',
  consumable: 'A consumable',
  material: 'A crafting material',
  decoration: 'A decoration',
  ticket: 'A ticket',
};
const layerNumber = (type: ItemTypeValue) => (AVATAR_LAYER_TYPES as readonly string[]).indexOf(type) + 1;
const layerOf = (type: ItemTypeValue) => (layerNumber(type) ? `, avatar layer ${layerNumber(type)} of ${AVATAR_LAYER_TYPES.length} from the bottom` : '');

export const ItemType = builder.enumType('ItemType', {
  description: `The kind of an item: equipment, one of the ${AVATAR_LAYER_TYPES.length} avatar layers, or another kind.`,
  values: enumValues(
    ITEM_TYPES,
    labelledDescriptions(
      ITEM_TYPES,
      Object.fromEntries(ITEM_TYPES.map((type) => [type, `${itemTypeMeanings[type]}${layerOf(type)}`])) as Record<ItemTypeValue, string>,
      itemTexts.types,
    ),
  ),
});
export const WishTypeEnum = builder.enumType('WishType', {
  description: "Which of a member's two wish lists: the items they want to buy or the items they want to sell.",
  values: enumValues(WISH_TYPES, {
    buy: `The buy list, shown as "${itemTexts.wishListNames.buy}".`,
    sell: `The sell list, shown as "${itemTexts.wishListNames.sell}".`,
  }),
});

/** The item uuid inside an Item id; a ValidationError on `path` otherwise (before any upstream call). */
export function itemUuidOf(globalId: string, path: string[]): string {
  const uuid = localKeyOf(globalId, 'Item', UUID_PATTERN);
  if (!uuid) throw invalidArgument(path, validationTexts.id, 'invalid_format');
  return uuid;
}

export const Item = upstreamNode<ItemJson>('Item', { id: (item) => item.uuid, read: (uuid, context) => context.items.item(uuid), key: UUID_PATTERN });

const Sprite = builder.objectRef<SpriteJson>('ItemSprite').implement({
  description: "An item's animation: a sprite sheet whose frames are laid side by side, left to right.",
  fields: (t) => ({
    url: t.field({ type: 'URL', description: 'The sprite sheet image.', resolve: (parent, _args, context) => context.mediaUrl(parent.url) }),
    width: t.exposeInt('width', { description: 'The width of one frame, in pixels.' }),
    height: t.exposeInt('height', { description: 'The height of one frame, in pixels.' }),
    frame: t.exposeInt('frame', { description: 'The number of frames in the sheet.' }),
  }),
});

type ItemWisherShape = WishUserJson & { itemUuid: string; wishType: WishType };

/**
 * The REST API reads a wisher only in the item's list of buyers or sellers: the key is
 * `<itemUuid>/<wishType>/<wishId>`.
 */
const ItemWisher = upstreamNode<ItemWisherShape>('ItemWisher', {
  id: (entry) => `${entry.itemUuid}/${entry.wishType}/${entry.id}`,
  key: new RegExp(`^[0-9a-f-]{36}/(${WISH_TYPES.join('|')})/\\d{1,10}$`, 'i'),
  read: (key, context) => {
    const [itemUuid, wishType, id] = key.split('/') as [string, WishType, string];
    return findInPages(
      async (page, pageSize) => {
        const answer = await context.items.wishUsers(itemUuid, wishType, page, pageSize);
        return { items: answer.users.map((entry) => ({ ...entry, itemUuid, wishType })), hasMore: page * pageSize < answer.count };
      },
      (entry) => entry.id === id,
    );
  },
});

ItemWisher.implement({
  description: "A member who wants to buy or sell an item, with their price and quantity: an entry of the item's `sellers` or `buyers`.",
  fields: (t) => ({
    user: t.field({ type: User, description: 'The member who wants to buy or sell.', resolve: (entry) => entry.user }),
    isViewer: t.boolean({
      description: "Whether this entry is the signed-in member's own (a member cannot start a chat with themselves).",
      resolve: (entry, _args, context) => isViewer(entry.user, context),
    }),
    wishType: t.field({ type: WishTypeEnum, description: 'Whether the member wants to buy or to sell the item.', resolve: (entry) => entry.wishType }),
    targetPrice: t.exposeInt('target_price', { nullable: true, description: 'The price the member asks or offers, in gems; null when they named none.' }),
    quantity: t.exposeInt('quantity', { description: 'How many the member wants to buy or sell.' }),
    createdAt: t.expose('created_at', { type: 'DateTime', description: 'When the member put the item on their list.' }),
  }),
});

const wishersConnection = (wishType: WishType, description: string) =>
  builder.objectField(Item, wishType === 'sell' ? 'sellers' : 'buyers', (t) =>
    listConnection(t, wishType === 'sell' ? 'ItemSeller' : 'ItemBuyer', {
      type: ItemWisher,
      description,
      resolve: (item, args, context) =>
        pageConnection(
          args,
          async ({ page, pageSize }) => {
            const answer = await context.items.wishUsers(item.uuid, wishType, page, pageSize);
            return { items: answer.users.map((entry) => ({ ...entry, itemUuid: item.uuid, wishType })), total: answer.count };
          },
          byField<ItemWisherShape>('created_at', 'desc'),
        ),
    }),
  );

Item.implement({
  description: 'A game item.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The item's number, unique among items." }),
    uuid: t.exposeString('uuid', { description: "The item's UUID, unique among items; the global `id` carries it." }),
    name: t.exposeString('name', { description: "The item's name, in Korean." }),
    image: t.field({
      type: 'URL',
      nullable: true,
      description: "The item's picture; null when it has none.",
      resolve: (parent, _args, context) => context.mediaUrl(parent.image),
    }),
    sprite: t.field({ type: Sprite, nullable: true, description: "The item's animation; null when it has none.", resolve: (item) => item.sprite_img }),
    type: t.expose('item_type', { type: ItemType, description: 'The kind of item.' }),
    itemType: t.expose('item_type', {
      type: ItemType,
      description: 'The former name of `type`.',
      deprecationReason: `Use type. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
    }),
    rating: t.exposeString('item_rating', { nullable: true, description: `The rating grade, best first: ${ITEM_GRADES.join(', ')}; null when unrated.` }),
    description: t.exposeString('description', { nullable: true, description: "The item's description, in Korean; null when it has none." }),
    ratingScore: t.exposeInt('rating_score', { description: "The item's rating score, in points." }),
    price: t.exposeInt('price', { description: 'The price, in gems.' }),
    isShowEyes: t.exposeBoolean('is_show_eyes', { description: "Whether the avatar preview shows the avatar's eyes while it wears this item." }),
  }),
});

wishersConnection('sell', 'The members who have this item on their sell list, most recent first.');
wishersConnection('buy', 'The members who have this item on their buy list, most recent first.');

builder.queryField('item', (t) =>
  t.field({
    type: Item,
    nullable: true,
    description: 'An item by its global id, for anyone; ValidationError when the id is not an Item id, NotFoundError when there is none.',
    errors: { types: [ValidationError, NotFoundError], directResult: true },
    args: { id: t.arg.id({ required: true, description: "The item's global id." }) },
    resolve: (_root, args, context) => Item.getDataloader(context).load(itemUuidOf(String(args.id), ['id'])),
  }),
);

builder.queryField('searchItems', (t) =>
  queryConnection(t, 'ItemSearch', {
    type: Item,
    description: 'Items whose name contains a search term, for anyone. One of `first` or `last` is required.',
    args: {
      name: t.arg.string({
        required: true,
        description: `The search term: ${ITEM_SEARCH_MIN_LENGTH} to ${ITEM_SEARCH_MAX_LENGTH} characters after trimming, else a validation error.`,
      }),
    },
    resolve: (_root, args, context) => {
      const term = itemSearchTermSchema.safeParse(args.name);
      const issues = term.success ? [] : issuesAt(term.error, ['name']);
      // Ordered by a collated name, which the gateway cannot compare: re-anchored by id alone.
      return resultsConnection(args, ({ page, pageSize }) => context.items.searchItems(term.data!, page, pageSize), byIdentity, issues);
    },
  }),
);

payloadMutation('reportItem', {
  description: 'Reports an item to the moderators, members only, once per member: a second report of the same item answers ConflictError.',
  errors: [ValidationError, NotAuthenticatedError, NotFoundError, ConflictError],
  input: (t) => ({
    ...targetIdFields(t, 'itemId', 'item'),
    reason: t.string({ required: true, description: `What is wrong, in the reporter's words: 1 to ${REPORT_REASON_MAX} characters after trimming.` }),
    reasonType: reportReasonTypeField(t),
    submitItem: t.string({ description: `Optional: what the reporter says was submitted, at most ${REPORT_REASON_MAX} characters.` }),
    content: t.string({ description: `Optional: the reported content, at most ${REPORT_REASON_MAX} characters.` }),
    contextId: t.string({ description: 'Optional: an identifier of where the reporter saw the item.' }),
  }),
  payload: {
    reportId: { type: 'Int', description: "The report's number." },
    reportedItem: referencedObject('reportedItemId', Item, 'The item reported; null once it is gone.'),
    reportedItemId: rawIdReplacedBy('reportedItem'),
    createdAt: 'DateTime',
  },
  resolve: async (input, context) => {
    const target = targetIdOf(input, 'itemId');
    const uuid = itemUuidOf(target.id, target.path);
    const report = validateInput(
      itemReportSchema,
      {
        reason: input.reason,
        reason_type: input.reasonType ?? undefined,
        submit_item: input.submitItem ?? undefined,
        content: input.content ?? undefined,
        context_id: input.contextId ?? undefined,
      },
      ['input'],
    );
    const created = await context.items.reportItem(uuid, report);
    return { reportedItemId: target.id, reportId: created.id, createdAt: created.created_at };
  },
});
