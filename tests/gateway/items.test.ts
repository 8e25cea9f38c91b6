import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SEARCH_MIN_LENGTH, PRICE_MAX, PROBABILITY_KINDS, WISH_MEMO_MAX, WISH_QUANTITY_MAX } from '../../domain/limits.js';
import { errorMessages, hardeningTexts, itemTexts, reportTexts, validationTexts } from '../../domain/messages.js';
import { items } from '../../upstream/src/db/schema.js';
import { type GraphQLAnswer, useStack } from '../helpers/stack.js';

const stack = useStack();
let token2: string;
let token8: string;
/** Demo item uuids by name, straight from the upstream. */
let itemUuid: Record<string, string>;

beforeAll(async () => {
  token2 = await stack.upstream.issueToken(2);
  token8 = await stack.upstream.issueToken(8);
  itemUuid = {};
  for (const term of ['슬라임', '용사', '물약', '모자', '청바지', '부츠', '랜턴', '사탕']) {
    const page = await stack.rest(`/v1/item/search-name/?item_name=${encodeURIComponent(term)}&page_size=100`);
    for (const item of page.results) itemUuid[item.name] = item.uuid;
  }
});

const itemId = (name: string) => encodeGlobalID('Item', itemUuid[name]);

describe('searchItems', () => {
  const SEARCH = /* GraphQL */ `
    query Search($name: String!, $first: Int, $after: String) {
      searchItems(name: $name, first: $first, after: $after) {
        totalCount
        edges { cursor node { id name itemType rating price ratingScore sprite { url width height frame } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  `;

  it('finds items by name and pages through them', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const answer: GraphQLAnswer = await stack.graphql(SEARCH, { name: ' 슬라임 ', first: 2, after });
      expect(answer.errors).toBeUndefined();
      total = answer.data.searchItems.totalCount;
      seen.push(...answer.data.searchItems.edges.map((edge: any) => edge.node.name));
      if (!answer.data.searchItems.pageInfo.hasNextPage) break;
      after = answer.data.searchItems.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen.every((name) => name.includes('슬라임'))).toBe(true);
    const doll = await stack.graphql(SEARCH, { name: '인형', first: 5 });
    expect(doll.data.searchItems.edges[0].node).toMatchObject({ itemType: 'DECORATION', rating: 'A', sprite: { width: 64, height: 64, frame: 4 } });
  });

  it('finds a name without its spaces or by its initial consonants (초성)', async () => {
    for (const name of ['푸른크리스탈', 'ㅍㄹㅋ', 'ㅍㄹ ㅋㄹㅅㅌ']) {
      const answer = await stack.graphql(SEARCH, { name, first: 5 });
      expect(
        answer.data.searchItems.edges.map((edge: any) => edge.node.name),
        name,
      ).toEqual(['푸른 크리스탈']);
    }
  });

  it("shares an identical search between viewers (public data), asked upstream without anyone's token", async () => {
    stack.proxy.reset();
    const guest = await stack.graphql(SEARCH, { name: '크리스탈', first: 5 });
    const member = await stack.graphql(SEARCH, { name: '크리스탈', first: 5 }, token2);
    expect(member.data).toEqual(guest.data);
    expect(stack.upstreamRequests()).toEqual([`GET /v1/item/search-name/?item_name=${encodeURIComponent('크리스탈')}&page=1&page_size=5`]);
  });

  it.each(['', 'a', '  b  '])('refuses %j with the spec’s message before any upstream call', async (name) => {
    stack.proxy.reset();
    const answer = await stack.graphql(SEARCH, { name, first: 10 });
    expect(answer.data?.searchItems ?? null).toBeNull();
    const [error] = answer.errors!;
    expect(error.extensions?.code).toBe('VALIDATION_ERROR');
    expect(error.extensions?.issues).toEqual([{ path: ['name'], message: itemTexts.searchMin(ITEM_SEARCH_MIN_LENGTH), code: 'too_small' }]);
    expect(stack.upstreamRequests()).toEqual([]);
  });
});

const MODAL = /* GraphQL */ `
  query ItemModal($id: ID!) {
    item(id: $id) {
      __typename
      ... on Item {
        id name rating ratingScore price itemType description image isShowEyes
        sellers(first: 20) { totalCount edges { node { id quantity user { id nickname profileImage representBadge { title hexCode } } } } }
        buyers(first: 20) { totalCount edges { node { id quantity user { id nickname profileImage representBadge { title hexCode } } } } }
      }
      ... on NotFoundError { message }
    }
  }
`;

describe('the item modal query', () => {
  it('makes exactly three upstream calls: the item, its sell list and its buy list (badges come embedded)', async () => {
    stack.proxy.reset();
    const answer = await stack.graphql(MODAL, { id: itemId('용사의 갑옷 세트') });
    expect(answer.errors).toBeUndefined();
    const item = answer.data.item;
    expect(item).toMatchObject({ name: '용사의 갑옷 세트', rating: 'SSS', itemType: 'EQUIPMENT', price: 12000 });
    expect(item.buyers.totalCount).toBe(3);
    expect(item.sellers.totalCount).toBe(2);
    const buyer = item.buyers.edges.map((edge: any) => edge.node.user).find((user: any) => user.nickname === '말랑콩떡');
    expect(buyer.representBadge).toEqual({ title: '슬라임 마스터', hexCode: '#FFB400' });

    const uuid = itemUuid['용사의 갑옷 세트'];
    expect([...stack.upstreamRequests()].sort()).toEqual(
      [
        `GET /v1/item/${uuid}/`,
        `GET /v1/item/wish-items/users/${uuid}/?wish_type=buy&page=1&page_size=20`,
        `GET /v1/item/wish-items/users/${uuid}/?wish_type=sell&page=1&page_size=20`,
      ].sort(),
    );
  });

  it('marks the caller’s own entry among the buyers, so the sheet offers no chat with oneself', async () => {
    const query = `query ($id: ID!) { item(id: $id) { ... on Item { buyers(first: 20) { edges { node { isViewer user { nickname } } } } } } }`;
    const mine = (answer: any) => answer.data.item.buyers.edges.filter((edge: any) => edge.node.isViewer).map((edge: any) => edge.node.user.nickname);
    expect(mine(await stack.graphql(query, { id: itemId('용사의 갑옷 세트') }, await stack.upstream.issueToken(2)))).toEqual(['말랑콩떡']);
    expect(mine(await stack.graphql(query, { id: itemId('용사의 갑옷 세트') }))).toEqual([]);
  });

  it('answers NotFoundError for an unknown id, ValidationError for an id that is not an Item id', async () => {
    const unknown = await stack.graphql(MODAL, { id: encodeGlobalID('Item', '00000000-0000-4000-8000-000000000000') });
    expect(unknown.data.item).toEqual({ __typename: 'NotFoundError', message: itemTexts.itemNotFound });
    stack.proxy.reset();
    const foreign = await stack.graphql(MODAL, { id: encodeGlobalID('Post', '1') });
    expect(foreign.data.item.__typename).toBe('ValidationError');
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('is reachable through node(id)', async () => {
    const answer = await stack.graphql(`query($id: ID!) { node(id: $id) { ... on Item { name } } }`, { id: itemId('청바지') });
    expect(answer.data.node).toEqual({ name: '청바지' });
  });
});

const WISHES = /* GraphQL */ `
  query Wishes($type: WishType!, $status: WishStatus, $search: String) {
    viewer {
      id
      wishStats { buy { total active inactive completed } sell { total } }
      wishes(type: $type, status: $status, search: $search, first: 50) {
        totalCount
        edges { node { id databaseId wishType status quantity memo item { id name } } }
      }
    }
  }
`;

const ADD = /* GraphQL */ `
  mutation Add($input: AddWishInput!) {
    addWish(input: $input) {
      __typename
      ... on AddWishPayload { wish { id databaseId wishType status quantity memo item { id name } } item { id } }
      ... on ValidationError { issues { path message } }
      ... on NotAuthenticatedError { message }
      ... on NotFoundError { message }
    }
  }
`;

describe("the viewer's own entry of an item (Item.viewerWish)", () => {
  const OWN = /* GraphQL */ `
    query Own($id: ID!) {
      item(id: $id) { ... on Item { id buy: viewerWish(type: BUY) { id status quantity } sell: viewerWish(type: SELL) { id status } } }
    }
  `;
  const ADD_OWN = /* GraphQL */ `
    mutation AddOwn($input: AddWishInput!) {
      addWish(input: $input) {
        ... on AddWishPayload {
          wish { id }
          item { id buy: viewerWish(type: BUY) { id status } sell: viewerWish(type: SELL) { id status } }
        }
      }
    }
  `;
  const REMOVE = `mutation($input: RemoveWishInput!) { removeWish(input: $input) { __typename } }`;

  it('is the entry of that list, whatever its status; null on the other list and for a guest, who costs no list call', async () => {
    const own = await stack.graphql(OWN, { id: itemId('용사의 갑옷 세트') }, token2);
    expect(own.errors).toBeUndefined();
    expect(own.data.item).toMatchObject({ buy: { status: 'ACTIVE' }, sell: null });
    stack.proxy.reset();
    const guest = await stack.graphql(OWN, { id: itemId('용사의 갑옷 세트') });
    expect(guest.data.item).toMatchObject({ buy: null, sell: null });
    expect(stack.upstreamRequests().filter((call) => call.includes('/wish-items/'))).toEqual([]);
  });

  it('follows addWish and removeWish; an item may be on both lists, never twice on one', async () => {
    const token = await stack.upstream.issueToken(12);
    const id = itemId('마법 고깔모자');
    expect((await stack.graphql(OWN, { id }, token)).data.item).toMatchObject({ buy: null, sell: null });

    stack.proxy.reset();
    const bought = await stack.graphql(ADD_OWN, { input: { itemId: id, wishType: 'BUY' } }, token);
    const buyId = bought.data.addWish.wish.id;
    expect(bought.data.addWish.item).toEqual({ id, buy: { id: buyId, status: 'ACTIVE' }, sell: null });
    // The added entry answers the item's buy list without a read: only the sell list is looked up.
    expect(stack.upstreamRequests().filter((call) => call.includes('/wish-items/') && !call.includes('/stats/'))).toHaveLength(1);

    const sold = await stack.graphql(ADD_OWN, { input: { itemId: id, wishType: 'SELL' } }, token);
    expect(sold.data.addWish.item).toEqual({ id, buy: { id: buyId, status: 'ACTIVE' }, sell: { id: sold.data.addWish.wish.id, status: 'ACTIVE' } });
    const again = await stack.graphql(ADD_OWN, { input: { itemId: id, wishType: 'BUY' } }, token);
    expect(again.data.addWish.wish.id).toBe(buyId);
    const list = await stack.graphql(WISHES, { type: 'BUY' }, token);
    expect(list.data.viewer.wishes.edges.filter((edge: any) => edge.node.item.name === '마법 고깔모자')).toHaveLength(1);

    expect((await stack.graphql(REMOVE, { input: { id: buyId } }, token)).data.removeWish.__typename).toBe('RemoveWishPayload');
    expect((await stack.graphql(OWN, { id }, token)).data.item).toMatchObject({ buy: null, sell: { id: sold.data.addWish.wish.id } });
    await stack.graphql(REMOVE, { input: { id: sold.data.addWish.wish.id } }, token);
    expect((await stack.graphql(OWN, { id }, token)).data.item).toMatchObject({ buy: null, sell: null });
  });

  it('is never taken from another item whose name contains this one’s', async () => {
    const token = await stack.upstream.issueToken(13);
    // The name search finds both; only this item's entry is its own.
    const [outer] = await stack.upstream.db.insert(items).values({ name: '통통 사탕 꾸러미', itemType: 'consumable' }).returning();
    await stack.graphql(ADD_OWN, { input: { itemId: encodeGlobalID('Item', outer.uuid), wishType: 'SELL' } }, token);
    expect((await stack.graphql(OWN, { id: itemId('통통 사탕') }, token)).data.item.sell).toBeNull();
    const added = await stack.graphql(ADD_OWN, { input: { itemId: itemId('통통 사탕'), wishType: 'SELL' } }, token);
    expect(added.data.addWish.item.sell.id).toBe(added.data.addWish.wish.id);
    expect((await stack.graphql(OWN, { id: itemId('통통 사탕') }, token)).data.item.sell.id).toBe(added.data.addWish.wish.id);
  });
});

describe('wish lists', () => {
  it('viewer.wishes lists the viewer’s own entries with stats', async () => {
    const answer = await stack.graphql(WISHES, { type: 'BUY' }, token2);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.viewer.wishStats.buy).toEqual({ total: 3, active: 1, inactive: 1, completed: 1 });
    expect(answer.data.viewer.wishes.edges.map((edge: any) => edge.node.item.name).sort()).toEqual(['반짝 랜턴', '빨간 후드티', '용사의 갑옷 세트'].sort());
    const completed = await stack.graphql(WISHES, { type: 'BUY', status: 'COMPLETED' }, token2);
    expect(completed.data.viewer.wishes.edges.map((edge: any) => edge.node.item.name)).toEqual(['빨간 후드티']);
  });

  it('never shares wish data: each request asks upstream with its own token', async () => {
    stack.proxy.reset();
    await stack.graphql(WISHES, { type: 'BUY' }, token2);
    await stack.graphql(WISHES, { type: 'BUY' }, token2);
    expect(stack.upstreamRequests().filter((call) => call.includes('/v1/item/wish-items/') && !call.includes('/stats/'))).toHaveLength(2);
  });

  it('another member’s wishes are null, without an upstream call', async () => {
    stack.proxy.reset();
    const answer = await stack.graphql(
      `query($id: ID!) { item(id: $id) { ... on Item { buyers(first: 5) { edges { node { user { nickname wishes(type: BUY, first: 5) { totalCount } wishStats { buy { total } } } } } } } } }`,
      { id: itemId('용사의 갑옷 세트') },
      token8,
    );
    expect(answer.errors).toBeUndefined();
    for (const edge of answer.data.item.buyers.edges) {
      expect(edge.node.user.wishes).toBeNull();
      expect(edge.node.user.wishStats).toBeNull();
    }
    expect(stack.upstreamRequests().filter((call) => call.includes('/v1/item/wish-items/') && !call.includes('/users/'))).toEqual([]);
  });

  it('guests have no viewer and get NotAuthenticatedError from the mutations, before any upstream call', async () => {
    expect((await stack.graphql(WISHES, { type: 'BUY' })).data.viewer).toBeNull();
    stack.proxy.reset();
    const answer = await stack.graphql(ADD, { input: { itemId: itemId('청바지'), wishType: 'BUY' } });
    expect(answer.data.addWish).toEqual({ __typename: 'NotAuthenticatedError', message: errorMessages.UNAUTHORIZED });
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('addWish adds once; adding the same item again returns the same entry', async () => {
    const first = await stack.graphql(ADD, { input: { itemId: itemId('청바지'), wishType: 'BUY', memo: '사이즈 M' } }, token8);
    expect(first.data.addWish).toMatchObject({
      __typename: 'AddWishPayload',
      wish: { wishType: 'BUY', status: 'ACTIVE', quantity: 1, memo: '사이즈 M', item: { name: '청바지' } },
    });
    const again = await stack.graphql(ADD, { input: { itemId: itemId('청바지'), wishType: 'BUY' } }, token8);
    expect(again.data.addWish.wish.id).toBe(first.data.addWish.wish.id);
    const list = await stack.graphql(WISHES, { type: 'BUY' }, token8);
    expect(list.data.viewer.wishes.edges.filter((edge: any) => edge.node.item.name === '청바지')).toHaveLength(1);
  });

  it('addWish validates with the domain rules before any upstream call', async () => {
    stack.proxy.reset();
    const long = await stack.graphql(ADD, { input: { itemId: itemId('청바지'), wishType: 'SELL', memo: 'ㄱ'.repeat(WISH_MEMO_MAX + 1), quantity: 0 } }, token8);
    expect(long.data.addWish.__typename).toBe('ValidationError');
    expect(long.data.addWish.issues).toEqual(
      expect.arrayContaining([
        { path: ['input', 'memo'], message: itemTexts.memoMax(WISH_MEMO_MAX) },
        { path: ['input', 'quantity'], message: itemTexts.quantity(9999) },
      ]),
    );
    const badId = await stack.graphql(ADD, { input: { itemId: 'nope', wishType: 'SELL' } }, token8);
    expect(badId.data.addWish.__typename).toBe('ValidationError');
    expect(stack.upstreamRequests().filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('takes a quantity or price only as a whole number in range: nothing odd reaches the upstream or the store', async () => {
    const added = await stack.graphql(ADD, { input: { itemId: itemId('가죽 부츠'), wishType: 'SELL', quantity: 2 } }, token8);
    const wishId = added.data.addWish.wish.id;
    const UPDATE = `mutation($input: UpdateWishInput!) { updateWish(input: $input) { __typename ... on ValidationError { issues { path message } } } }`;
    stack.proxy.reset();
    // In range for GraphQL's Int but not for a wish: the domain's message on the field.
    for (const [field, value, message] of [
      ['quantity', 0, itemTexts.quantity(WISH_QUANTITY_MAX)],
      ['quantity', -1, itemTexts.quantity(WISH_QUANTITY_MAX)],
      ['quantity', WISH_QUANTITY_MAX + 1, itemTexts.quantity(WISH_QUANTITY_MAX)],
      ['targetPrice', -1, itemTexts.price(PRICE_MAX)],
      ['notificationPrice', PRICE_MAX + 1, itemTexts.price(PRICE_MAX)],
    ] as const) {
      const answer = await stack.graphql(UPDATE, { input: { wishId, [field]: value } }, token8);
      expect(answer.data.updateWish, `${field} ${value}`).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', field], message }] });
    }
    // Not an Int at all (a decimal, an exponent in the document, a string, beyond 32 bits): refused in Korean before any resolver.
    for (const value of [1.5, '1e3', '12', 2 ** 31, 1e21]) {
      const answer = await stack.graphql(UPDATE, { input: { wishId, quantity: value } }, token8);
      expect(answer.data?.updateWish ?? null, String(value)).toBeNull();
      expect(answer.errors?.[0], String(value)).toMatchObject({ message: hardeningTexts.variablesInvalid, extensions: { code: 'BAD_REQUEST' } });
    }
    const literal = await stack.graphql(`mutation { updateWish(input: { id: "${wishId}", quantity: 1e3 }) { __typename } }`, {}, token8);
    expect(literal.errors?.[0]).toMatchObject({ message: hardeningTexts.documentInvalid, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(stack.upstreamRequests().filter((call) => !call.startsWith('GET'))).toEqual([]);
    const list = await stack.graphql(WISHES, { type: 'SELL' }, token8);
    expect(list.data.viewer.wishes.edges.find((edge: any) => edge.node.id === wishId).node.quantity).toBe(2);
    await stack.graphql(`mutation($input: RemoveWishInput!) { removeWish(input: $input) { __typename } }`, { input: { id: wishId } }, token8);
  });

  it('setWishStatus, updateWish and removeWish change only the viewer’s own entries', async () => {
    const added = await stack.graphql(ADD, { input: { itemId: itemId('가죽 부츠'), wishType: 'BUY' } }, token8);
    const wishId = added.data.addWish.wish.id;
    const status = await stack.graphql(
      `mutation($input: SetWishStatusInput!) { setWishStatus(input: $input) { __typename ... on SetWishStatusPayload { wish { id status completedAt } } } }`,
      { input: { wishId, wishType: 'BUY', status: 'COMPLETED' } },
      token8,
    );
    expect(status.data.setWishStatus.wish).toMatchObject({ id: wishId, status: 'COMPLETED', completedAt: expect.any(String) });

    const update = await stack.graphql(
      `mutation($input: UpdateWishInput!) { updateWish(input: $input) { __typename ... on UpdateWishPayload { wish { id memo quantity status } } ... on ForbiddenError { message } } }`,
      { input: { wishId, memo: '두 켤레', quantity: 2, status: 'ACTIVE' } },
      token8,
    );
    expect(update.data.updateWish.wish).toEqual({ id: wishId, memo: '두 켤레', quantity: 2, status: 'ACTIVE' });
    const foreign = await stack.graphql(
      `mutation($input: UpdateWishInput!) { updateWish(input: $input) { __typename ... on ForbiddenError { message } } }`,
      { input: { wishId, memo: '남의 것' } },
      token2,
    );
    expect(foreign.data.updateWish).toEqual({ __typename: 'ForbiddenError', message: itemTexts.notOwnWish });

    const removed = await stack.graphql(
      `mutation($input: RemoveWishInput!) { removeWish(input: $input) { __typename ... on RemoveWishPayload { deletedWishId } } }`,
      { input: { wishId, wishType: 'BUY' } },
      token8,
    );
    expect(removed.data.removeWish).toEqual({ __typename: 'RemoveWishPayload', deletedWishId: wishId });
  });

  it('the wish mutations answer the viewer with fresh stats; updateWish clears price and memo sent as null', async () => {
    const STATS = 'viewer { wishStats { buy { total active inactive completed } } }';
    const before = (await stack.graphql(WISHES, { type: 'BUY' }, token8)).data.viewer.wishStats.buy;
    const added = await stack.graphql(
      `mutation($input: AddWishInput!) { addWish(input: $input) { ... on AddWishPayload { wish { id } ${STATS} } } }`,
      { input: { itemId: itemId('마법 고깔모자'), wishType: 'BUY', targetPrice: 3000, memo: '빨간색' } },
      token8,
    );
    const wishId = added.data.addWish.wish.id;
    expect(added.data.addWish.viewer.wishStats.buy).toEqual({ ...before, total: before.total + 1, active: before.active + 1 });

    const UPDATE = `mutation($input: UpdateWishInput!) { updateWish(input: $input) { __typename ... on UpdateWishPayload { wish { targetPrice memo quantity isNotificationEnabled status } ${STATS} } ... on ValidationError { issues { path message } } } }`;
    const updated = await stack.graphql(
      UPDATE,
      { input: { wishId, targetPrice: null, memo: null, quantity: 4, isNotificationEnabled: false, status: 'INACTIVE' } },
      token8,
    );
    expect(updated.data.updateWish.wish).toEqual({ targetPrice: null, memo: null, quantity: 4, isNotificationEnabled: false, status: 'INACTIVE' });
    expect(updated.data.updateWish.viewer.wishStats.buy).toEqual({ ...before, total: before.total + 1, inactive: before.inactive + 1 });
    // A field left out stays as it was.
    const kept = await stack.graphql(UPDATE, { input: { wishId, targetPrice: 2500 } }, token8);
    expect(kept.data.updateWish.wish).toMatchObject({ targetPrice: 2500, quantity: 4, isNotificationEnabled: false });
    const tooMany = await stack.graphql(UPDATE, { input: { wishId, quantity: WISH_QUANTITY_MAX + 1 } }, token8);
    expect(tooMany.data.updateWish).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'quantity'], message: itemTexts.quantity(WISH_QUANTITY_MAX) }],
    });

    const removed = await stack.graphql(
      `mutation($input: RemoveWishInput!) { removeWish(input: $input) { ... on RemoveWishPayload { deletedWishId ${STATS} } } }`,
      { input: { wishId, wishType: 'BUY' } },
      token8,
    );
    expect(removed.data.removeWish).toEqual({ deletedWishId: wishId, viewer: { wishStats: { buy: before } } });
  });

  it('removeWishes deletes the viewer’s selection; another member’s id refuses the whole request', async () => {
    const a = (await stack.graphql(ADD, { input: { itemId: itemId('회복 물약'), wishType: 'SELL' } }, token8)).data.addWish.wish.id;
    const b = (await stack.graphql(ADD, { input: { itemId: itemId('반짝 랜턴'), wishType: 'SELL' } }, token8)).data.addWish.wish.id;
    const others = (await stack.graphql(WISHES, { type: 'SELL' }, token2)).data.viewer.wishes.edges[0].node.id;
    const REMOVE = /* GraphQL */ `
      mutation($input: RemoveWishesInput!) {
        removeWishes(input: $input) {
          __typename
          ... on RemoveWishesPayload { deletedWishIds message }
          ... on ForbiddenError { message }
        }
      }
    `;
    const refused = await stack.graphql(REMOVE, { input: { wishIds: [a, others], wishType: 'SELL' } }, token8);
    expect(refused.data.removeWishes).toEqual({ __typename: 'ForbiddenError', message: itemTexts.notOwnWish });
    expect((await stack.graphql(WISHES, { type: 'SELL' }, token8)).data.viewer.wishes.totalCount).toBe(2);
    expect((await stack.graphql(WISHES, { type: 'SELL' }, token2)).data.viewer.wishes.edges.map((edge: any) => edge.node.id)).toContain(others);

    const malformed = await stack.graphql(
      `mutation($input: RemoveWishesInput!) { removeWishes(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { ids: ['garbage!', a, encodeGlobalID('Item', itemUuid['반짝 랜턴']), others, 'also bad'], wishType: 'SELL' } },
      token8,
    );
    // Every malformed id at its own index, before anything about whose the others are.
    expect(malformed.data.removeWishes).toEqual({
      __typename: 'ValidationError',
      issues: [0, 2, 4].map((index) => ({ path: ['input', 'ids', String(index)], message: validationTexts.id })),
    });

    // Both names with different ids: neither wins, nothing is deleted; the same ids both ways pass.
    const conflicting = await stack.graphql(
      `mutation($input: RemoveWishesInput!) { removeWishes(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { ids: [a], wishIds: [b], wishType: 'SELL' } },
      token8,
    );
    const conflict = validationTexts.renamedFieldConflict('ids', 'wishIds');
    expect(conflicting.data.removeWishes).toEqual({
      __typename: 'ValidationError',
      issues: [
        { path: ['input', 'ids'], message: conflict },
        { path: ['input', 'wishIds'], message: conflict },
      ],
    });
    expect((await stack.graphql(WISHES, { type: 'SELL' }, token8)).data.viewer.wishes.totalCount).toBe(2);

    const done = await stack.graphql(REMOVE, { input: { ids: [a, b, a], wishIds: [a, b, a], wishType: 'SELL' } }, token8);
    expect(done.data.removeWishes).toEqual({ __typename: 'RemoveWishesPayload', deletedWishIds: [a, b], message: itemTexts.deletedSelected });
    expect((await stack.graphql(WISHES, { type: 'SELL' }, token8)).data.viewer.wishes.totalCount).toBe(0);
    // Sent again after its answer was lost (or from a tab that still shows them): no refusal, and the answer names them
    // all, so a client cache drops rows it still holds.
    const again = await stack.graphql(REMOVE, { input: { ids: [a, b] } }, token8);
    expect(again.data.removeWishes).toMatchObject({ __typename: 'RemoveWishesPayload', deletedWishIds: [a, b] });
    const none = await stack.graphql(
      `mutation($input: RemoveWishesInput!) { removeWishes(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { ids: [], wishType: 'SELL' } },
      token8,
    );
    expect(none.data.removeWishes).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'ids'], message: itemTexts.wishIdsRequired }] });
  });

  it('wishType may be left out where the wish ids name their list; one that disagrees, or ids of both lists, are refused', async () => {
    const add = async (name: string, wishType: string) =>
      (await stack.graphql(ADD, { input: { itemId: itemId(name), wishType } }, token8)).data.addWish.wish.id as string;
    const selling = await add('회복 물약', 'SELL');
    const buying = await add('반짝 랜턴', 'BUY');
    const ISSUES = '__typename ... on ValidationError { issues { path message } }';
    const mismatch = await stack.graphql(
      `mutation($input: SetWishStatusInput!) { setWishStatus(input: $input) { ${ISSUES} } }`,
      { input: { id: selling, wishType: 'BUY', status: 'COMPLETED' } },
      token8,
    );
    expect(mismatch.data.setWishStatus).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'wishType'], message: itemTexts.wishTypeMismatch(itemTexts.wishListNames.sell) }],
    });
    const status = await stack.graphql(
      `mutation($input: SetWishStatusInput!) { setWishStatus(input: $input) { __typename ... on SetWishStatusPayload { wish { status } } } }`,
      { input: { id: selling, status: 'COMPLETED' } },
      token8,
    );
    expect(status.data.setWishStatus).toEqual({ __typename: 'SetWishStatusPayload', wish: { status: 'COMPLETED' } });

    const mixed = await stack.graphql(
      `mutation($input: RemoveWishesInput!) { removeWishes(input: $input) { ${ISSUES} } }`,
      { input: { ids: [selling, buying] } },
      token8,
    );
    expect(mixed.data.removeWishes).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'ids'], message: itemTexts.wishListsMixed }] });
    const removedOne = await stack.graphql(
      `mutation($input: RemoveWishInput!) { removeWish(input: $input) { __typename ... on RemoveWishPayload { deletedWishId } } }`,
      { input: { id: buying } },
      token8,
    );
    expect(removedOne.data.removeWish).toEqual({ __typename: 'RemoveWishPayload', deletedWishId: buying });
    // Sent again: already gone, answered as deleted. A status change of it says it is no longer on the list.
    const removedAgain = await stack.graphql(
      `mutation($input: RemoveWishInput!) { removeWish(input: $input) { __typename ... on RemoveWishPayload { deletedWishId } } }`,
      { input: { id: buying } },
      token8,
    );
    expect(removedAgain.data.removeWish).toEqual({ __typename: 'RemoveWishPayload', deletedWishId: buying });
    const statusOfGone = await stack.graphql(
      `mutation($input: SetWishStatusInput!) { setWishStatus(input: $input) { __typename ... on Error { message } } }`,
      { input: { id: buying, status: 'ACTIVE' } },
      token8,
    );
    expect(statusOfGone.data.setWishStatus).toEqual({ __typename: 'NotFoundError', message: itemTexts.wishNotFound });
    const removedMany = await stack.graphql(
      `mutation($input: RemoveWishesInput!) { removeWishes(input: $input) { __typename ... on RemoveWishesPayload { deletedWishIds } } }`,
      { input: { ids: [selling] } },
      token8,
    );
    expect(removedMany.data.removeWishes).toEqual({ __typename: 'RemoveWishesPayload', deletedWishIds: [selling] });
    expect((await stack.graphql(WISHES, { type: 'SELL' }, token8)).data.viewer.wishes.totalCount).toBe(0);
  });
});

describe('reportItem', () => {
  const REPORT = /* GraphQL */ `
    mutation($input: ReportItemInput!) {
      reportItem(input: $input) {
        __typename
        ... on ReportItemPayload { reportId reportedItemId createdAt }
        ... on ConflictError { message code }
        ... on ValidationError { issues { path message } }
      }
    }
  `;

  it('reports once, then answers ConflictError', async () => {
    const input = { itemId: itemId('마법 고깔모자'), reason: '착용 부위가 맞지 않아요', reasonType: 1, contextId: 'item-modal' };
    const first = await stack.graphql(REPORT, { input }, token8);
    expect(first.data.reportItem).toMatchObject({ __typename: 'ReportItemPayload', reportId: expect.any(Number), reportedItemId: input.itemId });
    const second = await stack.graphql(REPORT, { input }, token8);
    expect(second.data.reportItem).toEqual({ __typename: 'ConflictError', message: errorMessages.CONFLICT, code: 'CONFLICT' });
  });

  it('validates the reason before any upstream call', async () => {
    stack.proxy.reset();
    const blank = await stack.graphql(REPORT, { input: { itemId: itemId('마법 고깔모자'), reason: '   ', reasonType: 12 } }, token8);
    expect(blank.data.reportItem.__typename).toBe('ValidationError');
    expect(blank.data.reportItem.issues).toEqual(
      expect.arrayContaining([
        { path: ['input', 'reason'], message: reportTexts.reasonRequired },
        { path: ['input', 'reasonType'], message: reportTexts.reasonType },
      ]),
    );
    expect(stack.upstreamRequests()).toEqual([]);
  });
});

describe('probability tables', () => {
  const TABLE = /* GraphQL */ `
    query Table($kind: ProbabilityKind!, $search: String, $first: Int, $after: String) {
      probabilityTable(kind: $kind, search: $search, first: $first, after: $after) {
        totalCount
        edges { node { id databaseId kind name description rarity probability image } }
        pageInfo { hasNextPage endCursor }
      }
    }
  `;

  // First in this block: the table is not in the shared cache yet.
  it('serves every page and every viewer from one shared fetch of the table', async () => {
    stack.proxy.reset();
    const first = await stack.graphql(TABLE, { kind: 'VILLAGEDECORATION', first: 20 });
    expect(first.data.probabilityTable.totalCount).toBe(24);
    expect(first.data.probabilityTable.edges).toHaveLength(20);
    const second = await stack.graphql(TABLE, { kind: 'VILLAGEDECORATION', first: 20, after: first.data.probabilityTable.pageInfo.endCursor }, token2);
    expect(second.data.probabilityTable.edges).toHaveLength(4);
    const searched = await stack.graphql(TABLE, { kind: 'VILLAGEDECORATION', search: '분수대', first: 20 }, token8);
    expect(searched.data.probabilityTable.totalCount).toBe(3);
    expect(stack.upstreamRequests()).toEqual(['GET /v1/probability/villagedecoration/']);
  });

  it.each(PROBABILITY_KINDS)('%s pages through a table that sums to 100', async (kind) => {
    const rows: any[] = [];
    let after: string | null = null;
    for (;;) {
      const answer: GraphQLAnswer = await stack.graphql(TABLE, { kind: kind.toUpperCase(), first: 20, after });
      expect(answer.errors).toBeUndefined();
      rows.push(...answer.data.probabilityTable.edges.map((edge: any) => edge.node));
      if (!answer.data.probabilityTable.pageInfo.hasNextPage) break;
      after = answer.data.probabilityTable.pageInfo.endCursor;
    }
    const upstreamRows = await stack.rest(`/v1/probability/${kind}/`);
    expect(rows.map((row) => row.databaseId)).toEqual(upstreamRows.map((row: any) => row.id));
    expect(rows.reduce((sum, row) => sum + row.probability, 0)).toBeCloseTo(100, 9);
  });

  it('serves a numbered page by offset: the same rows as paging there by cursor', async () => {
    const byCursor = await stack.graphql(TABLE, { kind: 'VILLAGEDECORATION', first: 20 });
    const next = await stack.graphql(TABLE, { kind: 'VILLAGEDECORATION', first: 20, after: byCursor.data.probabilityTable.pageInfo.endCursor });
    const byOffset = await stack.graphql(
      `query { probabilityTable(kind: VILLAGEDECORATION, first: 20, offset: 20) { totalCount edges { node { databaseId } } } }`,
    );
    expect(byOffset.errors).toBeUndefined();
    expect(byOffset.data.probabilityTable.totalCount).toBe(24);
    expect(byOffset.data.probabilityTable.edges.map((edge: any) => edge.node.databaseId)).toEqual(
      next.data.probabilityTable.edges.map((edge: any) => edge.node.databaseId),
    );
  });

  it('searches name or description, case-insensitively', async () => {
    const byName = await stack.graphql(TABLE, { kind: 'TICKET', search: 'vip', first: 20 });
    expect(byName.data.probabilityTable.edges.map((edge: any) => edge.node.name)).toEqual(['슬라임 VIP 입장권']);
    const byDescription = await stack.graphql(TABLE, { kind: 'TICKET', search: '보상', first: 20 });
    expect(byDescription.data.probabilityTable.edges.map((edge: any) => edge.node.name)).toEqual(['골드 티켓', '실버 티켓', '브론즈 티켓']);
    const none = await stack.graphql(TABLE, { kind: 'TICKET', search: '없는말', first: 20 });
    expect(none.data.probabilityTable.totalCount).toBe(0);
  });

  it('reads one row by kind and databaseId, and through node(id)', async () => {
    const [row] = await stack.rest('/v1/probability/treasurebox/');
    const answer = await stack.graphql(
      `query($id: Int!) { probabilityItem(kind: TREASUREBOX, databaseId: $id) { __typename ... on ProbabilityItem { id name probability rarity } } }`,
      { id: row.id },
    );
    expect(answer.data.probabilityItem).toMatchObject({
      __typename: 'ProbabilityItem',
      name: row.name,
      probability: row.probability,
      rarity: row.rarity.toUpperCase(),
    });
    const node = await stack.graphql(`query($id: ID!) { node(id: $id) { ... on ProbabilityItem { name } } }`, { id: answer.data.probabilityItem.id });
    expect(node.data.node).toEqual({ name: row.name });
    const missing = await stack.graphql(`{ probabilityItem(kind: TICKET, databaseId: 99999) { __typename } }`);
    expect(missing.data.probabilityItem.__typename).toBe('NotFoundError');
  });
});
