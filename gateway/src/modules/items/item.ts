import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  ITEM_TYPES,
  WISH_TYPES,
  issuesFromZod,
  itemReportSchema,
  itemTexts,
  itemSearchTermSchema,
  validationTexts,
  type ErrorDetail,
  type ItemJson,
  type SpriteJson,
  type WishType,
  type WishUserJson,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { ConflictError, NotAuthenticatedError, NotFoundError, ValidationError } from '../../graphql/errors.js';
import { listConnection, offsetConnection, queryConnection, resultsConnection } from '../../graphql/connections.js';
import { camelCase, localKeyOf, UUID_PATTERN } from '../../graphql/ids.js';
import { enumValues } from '../../graphql/enums.js';
import { payloadMutation } from '../../graphql/mutations.js';
import { User } from '../../graphql/refs.js';

export const ItemType = builder.enumType('ItemType', {
  description: '아이템 종류: 장비, 12개 아바타 레이어, 그 밖의 아이템',
  values: enumValues(ITEM_TYPES),
});
export const WishTypeEnum = builder.enumType('WishType', {
  description: `BUY: ${itemTexts.wishListNames.buy}, SELL: ${itemTexts.wishListNames.sell}`,
  values: enumValues(WISH_TYPES),
});

/** The item uuid inside an Item id; a ValidationError on `path` otherwise (before any upstream call). */
export function itemUuidOf(globalId: string, path: string): string {
  const uuid = localKeyOf(globalId, 'Item', UUID_PATTERN);
  if (!uuid) throw new ValidationError([{ path, message: validationTexts.id, code: 'invalid_format' }]);
  return uuid;
}

export const Item = upstreamNode<ItemJson>('Item', { id: (item) => item.uuid, read: (uuid, context) => context.items.item(uuid) });

const Sprite = builder.objectRef<SpriteJson>('ItemSprite').implement({
  description: '가로로 이어 붙인 스프라이트 시트: 한 프레임의 너비·높이와 프레임 수',
  fields: (t) => ({
    url: t.string({ resolve: (parent, _args, context) => context.mediaUrl(parent.url) }),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    frame: t.exposeInt('frame'),
  }),
});

/** A member who wants to buy or sell an item, with their represented badge (000 §3 "Wish entry"). */
const ItemWisher = builder.objectRef<WishUserJson & { wishType: WishType }>('ItemWisher').implement({
  fields: (t) => ({
    id: t.id({ resolve: (entry) => encodeGlobalID('ItemWisher', entry.id) }),
    user: t.field({ type: User, resolve: (entry) => entry.user }),
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
        offsetConnection(args, async ({ page, pageSize }) => {
          const answer = await context.items.wishUsers(item.uuid, wishType, page, pageSize);
          return { items: answer.users.map((entry) => ({ ...entry, wishType })), total: answer.count };
        }),
    }),
  );

Item.implement({
  description: '게임 아이템 (000 §3)',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    name: t.exposeString('name'),
    image: t.string({ nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.image) }),
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
      const issues: ErrorDetail[] = [];
      const term = itemSearchTermSchema.safeParse(args.name);
      if (!term.success) issues.push(...issuesFromZod(term.error).map((issue) => ({ ...issue, path: 'name' })));
      return resultsConnection(args, ({ page, pageSize }) => context.items.searchItems(term.data!, page, pageSize), issues);
    },
  }),
);

payloadMutation('reportItem', {
  description: '아이템 신고 (회원당 한 번). 두 번째 신고는 ConflictError.',
  errors: [ValidationError, NotAuthenticatedError, NotFoundError, ConflictError],
  input: (t) => ({
    itemId: t.id({ required: true }),
    reason: t.string({ required: true, description: '상세 사유 (공백 제외 1-500자)' }),
    reasonType: t.int({ description: '신고 사유 유형 0-8 (기본 0)' }),
    submitItem: t.string(),
    content: t.string(),
    contextId: t.string(),
  }),
  payload: { reportId: 'Int', reportedItemId: 'ID', createdAt: 'DateTime' },
  resolve: async (input, context) => {
    const uuid = itemUuidOf(String(input.itemId), 'input.itemId');
    const parsed = itemReportSchema.safeParse({
      reason: input.reason,
      reason_type: input.reasonType ?? undefined,
      submit_item: input.submitItem ?? undefined,
      content: input.content ?? undefined,
      context_id: input.contextId ?? undefined,
    });
    if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error).map((issue) => ({ ...issue, path: `input.${camelCase(issue.path ?? '')}` })));
    const created = await context.items.reportItem(uuid, parsed.data);
    return { reportedItemId: String(input.itemId), reportId: created.id, createdAt: created.created_at };
  },
});
