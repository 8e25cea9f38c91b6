import {
  ITEM_TYPES,
  WISH_TYPES,
  itemReportSchema,
  itemTexts,
  itemSearchTermSchema,
  validationTexts,
  type ItemJson,
  type SpriteJson,
  type WishType,
  type WishUserJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { findInPages, upstreamNode } from '../../graphql/nodes.js';
import { ConflictError, NotAuthenticatedError, NotFoundError, ValidationError, invalidArgument } from '../../graphql/errors.js';
import { byField, byIdentity, listConnection, pageConnection, queryConnection, resultsConnection } from '../../graphql/connections.js';
import { issuesAt, localKeyOf, targetIdOf, UUID_PATTERN, validateInput } from '../../graphql/ids.js';
import { enumValues } from '../../graphql/enums.js';
import { targetIdFields, payloadMutation } from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';
import { isViewer } from '../../graphql/viewer.js';

export const ItemType = builder.enumType('ItemType', {
  description: '아이템 종류: 장비, 12개 아바타 레이어, 그 밖의 아이템',
  values: enumValues(ITEM_TYPES),
});
export const WishTypeEnum = builder.enumType('WishType', {
  description: `BUY: ${itemTexts.wishListNames.buy}, SELL: ${itemTexts.wishListNames.sell}`,
  values: enumValues(WISH_TYPES),
});

/** The item uuid inside an Item id; a ValidationError on `path` otherwise (before any upstream call). */
export function itemUuidOf(globalId: string, path: string[]): string {
  const uuid = localKeyOf(globalId, 'Item', UUID_PATTERN);
  if (!uuid) throw invalidArgument(path, validationTexts.id, 'invalid_format');
  return uuid;
}

export const Item = upstreamNode<ItemJson>('Item', { id: (item) => item.uuid, read: (uuid, context) => context.items.item(uuid), key: UUID_PATTERN });

const Sprite = builder.objectRef<SpriteJson>('ItemSprite').implement({
  description: '가로로 이어 붙인 스프라이트 시트: 한 프레임의 너비·높이와 프레임 수',
  fields: (t) => ({
    url: t.field({ type: 'URL', resolve: (parent, _args, context) => context.mediaUrl(parent.url) }),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    frame: t.exposeInt('frame'),
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
  description:
    "A member who wants to buy or sell an item, with their price and quantity. Its id names the item too: it is read through the item's buyers or sellers.",
  fields: (t) => ({
    user: t.field({ type: User, resolve: (entry) => entry.user }),
    isViewer: t.boolean({
      description: '이 항목이 나 자신의 것인지 (나에게는 채팅을 걸 수 없습니다)',
      resolve: (entry, _args, context) => isViewer(entry.user, context),
    }),
    wishType: t.field({ type: WishTypeEnum, resolve: (entry) => entry.wishType }),
    targetPrice: t.exposeInt('target_price', { nullable: true }),
    quantity: t.exposeInt('quantity'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
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
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    image: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.image) }),
    sprite: t.field({ type: Sprite, nullable: true, resolve: (item) => item.sprite_img }),
    itemType: t.expose('item_type', { type: ItemType }),
    rating: t.exposeString('item_rating', { nullable: true, description: '등급: SSS, SS, S+, S, A, B, C, F' }),
    description: t.exposeString('description', { nullable: true }),
    ratingScore: t.exposeInt('rating_score'),
    price: t.exposeInt('price', { description: '젬' }),
    isShowEyes: t.exposeBoolean('is_show_eyes', { description: '아바타 미리보기에서 눈을 보여 줄지' }),
  }),
});

wishersConnection('sell', '이 아이템을 팔고 싶어 하는 회원 (최근 순)');
wishersConnection('buy', '이 아이템을 사고 싶어 하는 회원 (최근 순)');

builder.queryField('item', (t) =>
  t.field({
    type: Item,
    nullable: true,
    errors: { types: [NotFoundError], directResult: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) => {
      const uuid = localKeyOf(String(args.id), 'Item', UUID_PATTERN);
      if (!uuid) throw new NotFoundError();
      return Item.getDataloader(context).load(uuid);
    },
  }),
);

builder.queryField('searchItems', (t) =>
  queryConnection(t, 'ItemSearch', {
    type: Item,
    description: '이름으로 아이템 검색 (공백을 뺀 2자 이상). first 또는 last(1-100) 중 하나가 필요합니다.',
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => {
      const term = itemSearchTermSchema.safeParse(args.name);
      const issues = term.success ? [] : issuesAt(term.error, ['name']);
      // Ordered by a collated name, which the gateway cannot compare: re-anchored by id alone.
      return resultsConnection(args, ({ page, pageSize }) => context.items.searchItems(term.data!, page, pageSize), byIdentity, issues);
    },
  }),
);

payloadMutation('reportItem', {
  description: '아이템 신고 (회원당 한 번). 두 번째 신고는 ConflictError.',
  errors: [ValidationError, NotAuthenticatedError, NotFoundError, ConflictError],
  input: (t) => ({
    ...targetIdFields(t, 'itemId', 'item'),
    reason: t.string({ required: true, description: '상세 사유 (공백 제외 1-500자)' }),
    reasonType: t.int({ description: '신고 사유 유형 0-8 (기본 0)' }),
    submitItem: t.string(),
    content: t.string(),
    contextId: t.string(),
  }),
  payload: { reportId: 'Int', reportedItemId: 'ID', createdAt: 'DateTime' },
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
