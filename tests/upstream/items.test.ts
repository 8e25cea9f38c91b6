import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getChoseong } from 'es-hangul';
import {
  ITEM_GRADES,
  ITEM_SEARCH_MIN_LENGTH,
  ITEM_TYPES,
  PRICE_MAX,
  PROBABILITY_KINDS,
  STORED_INT_MAX,
  WISH_MEMO_MAX,
  WISH_PRIORITY_MAX,
} from '../../domain/limits.js';
import { itemTexts, reportTexts } from '../../domain/messages.js';
import { itemReports, items, users, wishes } from '../../upstream/src/db/schema.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { ISO_TIMESTAMP } from './support.js';

interface Answer<T = any> {
  status: number;
  body: T;
}

describe.each(backends())('items, wish lists, probability tables and item reports (%s)', (backend) => {
  let upstream: RunningUpstream;
  let tokens: Record<number, string>;
  let uuidOf: Record<number, string>;
  let itemUuid: Record<string, string>;

  const wishRows = (id: number) => upstream.db.select().from(wishes).where(eq(wishes.id, id));
  const call = async <T = any>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer<T>> => {
    const response = await fetch(upstream.url + path, {
      method,
      headers: {
        ...(options.token ? { authorization: `token ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    tokens = { 2: await upstream.issueToken(2), 3: await upstream.issueToken(3), 8: await upstream.issueToken(8) };
    const members = await upstream.db.select({ id: users.id, uuid: users.uuid }).from(users);
    uuidOf = Object.fromEntries(members.map((member) => [member.id, member.uuid]));
    const rows = await upstream.db.select({ name: items.name, uuid: items.uuid }).from(items);
    itemUuid = Object.fromEntries(rows.map((row) => [row.name, row.uuid]));
  });
  afterAll(async () => upstream?.stop());

  describe('demo items', () => {
    it('cover every item type and every grade, with pictures and a sprite sheet', async () => {
      const rows = await upstream.db.select().from(items);
      expect(new Set(rows.map((row) => row.itemType))).toEqual(new Set(ITEM_TYPES));
      expect(new Set(rows.map((row) => row.itemRating).filter(Boolean))).toEqual(new Set(ITEM_GRADES));
      expect(rows.every((row) => row.image)).toBe(true);
      expect(rows.some((row) => row.spriteImage && (row.spriteFrame ?? 0) > 1)).toBe(true);
      for (const row of rows) {
        const picture = await fetch(`${upstream.url}/media/${row.image}`);
        expect(picture.status, row.image!).toBe(200);
        await picture.arrayBuffer();
      }
    });
  });

  describe('GET /v1/item/search-name/', () => {
    it('finds items by a part of the name, with the fields of 000 §3', async () => {
      const answer = await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent('슬라임')}`);
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBeGreaterThanOrEqual(4);
      expect(answer.body.results.every((item: any) => item.name.includes('슬라임'))).toBe(true);
      const doll = answer.body.results.find((item: any) => item.name === '통통 튀는 슬라임 인형');
      expect(doll).toEqual({
        id: expect.any(Number),
        uuid: itemUuid['통통 튀는 슬라임 인형'],
        name: '통통 튀는 슬라임 인형',
        image: '/media/items/sprite-bounce.svg',
        sprite_img: { url: '/media/items/sprite-bounce.svg', width: 64, height: 64, frame: 4 },
        item_type: 'decoration',
        item_rating: 'A',
        description: '방 안을 통통 튀어다니는 인형.',
        rating_score: 280,
        price: 1100,
        is_show_eyes: true,
      });
    });

    it('trims the term and matches case-insensitively; LIKE wildcards match themselves', async () => {
      const padded = await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent('  vip ')}`);
      expect(padded.body.results.map((item: any) => item.name)).toEqual(['슬라임 VIP 입장권']);
      const wildcard = await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent('%%')}`);
      expect(wildcard.status).toBe(200);
      expect(wildcard.body.count).toBe(0);
    });

    it('finds a name whether the term has its spaces or not (반짝랜턴 and 반짝 랜턴 alike)', async () => {
      const named = async (term: string) =>
        (await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent(term)}`)).body.results.map((item: any) => item.name);
      const spaced = await named('통통 튀는');
      expect(spaced).toContain('통통 튀는 슬라임 인형');
      expect(await named('통통튀는')).toEqual(spaced);
      expect(await named('튀는슬라임')).toContain('통통 튀는 슬라임 인형');
      expect(await named('튀 는 슬 라 임')).toContain('통통 튀는 슬라임 인형');
    });

    it('finds a name by its initial consonants (초성), spaces aside; whole syllables match only the name', async () => {
      const named = async (term: string) =>
        (await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent(term)}`)).body.results.map((item: any) => item.name);
      expect(await named('푸른크리스탈')).toEqual(['푸른 크리스탈']);
      expect(await named('ㅍㄹㅋ')).toEqual(['푸른 크리스탈']);
      expect(await named('ㅍㄹ ㅋㄹㅅㅌ')).toEqual(['푸른 크리스탈']);
      expect(await named('ㅋㄹㅅㅌ')).toEqual(['푸른 크리스탈']);
      expect(await named('ㅅㄹㅇ vip')).toEqual(['슬라임 VIP 입장권']);
      expect(await named('ㅎㅎㅎ')).toEqual([]);
      // The syllable 크 is not its consonant ㅋ: 크리 does not find names whose initials are ㅋㄹ.
      expect(await named('크ㄹ')).toEqual([]);
    });

    it('keeps each name’s initial consonants as es-hangul reads them, on every write', async () => {
      const initials = (name: string) => [...name.replace(/\s+/g, '').toLowerCase()].map((char) => (/[가-힣]/.test(char) ? getChoseong(char) : char)).join('');
      const [added] = await upstream.db.insert(items).values({ name: '까칠한 X꽃 뿔 ㅋ', itemType: 'decoration' }).returning();
      const rows = await upstream.db.select({ name: items.name, nameChoseong: items.nameChoseong }).from(items);
      for (const row of rows) expect(row.nameChoseong, row.name).toBe(initials(row.name));
      expect(added.nameChoseong).toBe('ㄲㅊㅎxㄲㅃㅋ');
      const [renamed] = await upstream.db.update(items).set({ name: '꽃 뿔' }).where(eq(items.id, added.id)).returning();
      expect(renamed.nameChoseong).toBe('ㄲㅃ');
      await upstream.db.delete(items).where(eq(items.id, added.id));
    });

    it.each([
      ['', 'empty'],
      ['a', 'one character'],
      ['  가  ', 'one character after trimming'],
    ])('answers 422 for %j (%s)', async (term) => {
      const answer = await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent(term)}`);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      expect(answer.body.details).toEqual([{ path: 'item_name', message: itemTexts.searchMin(ITEM_SEARCH_MIN_LENGTH), code: 'too_small' }]);
    });

    it('answers 422 without the parameter', async () => {
      const answer = await call('GET', '/v1/item/search-name/');
      expect(answer.status).toBe(422);
      expect(answer.body.details[0]).toMatchObject({ path: 'item_name', message: itemTexts.searchMin(ITEM_SEARCH_MIN_LENGTH) });
    });

    it('pages with page and page_size', async () => {
      const first = await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent('슬라임')}&page_size=2`);
      const second = await call('GET', `/v1/item/search-name/?item_name=${encodeURIComponent('슬라임')}&page_size=2&page=2`);
      expect(first.body.results).toHaveLength(2);
      expect(first.body.meta).toMatchObject({ page: 1, pageSize: 2, hasNext: true, hasPrev: false });
      expect(second.body.results[0].id).not.toBe(first.body.results[0].id);
    });
  });

  describe('GET /v1/item/{uuid}/', () => {
    it('answers the item, 404 for an unknown or malformed uuid', async () => {
      const found = await call('GET', `/v1/item/${itemUuid['마법사 모자']}/`);
      expect(found.body).toMatchObject({ name: '마법사 모자', item_type: 'head', item_rating: 'SS', sprite_img: null });
      expect((await call('GET', '/v1/item/00000000-0000-4000-8000-000000000000/')).status).toBe(404);
      expect((await call('GET', '/v1/item/not-a-uuid/')).status).toBe(404);
    });
  });

  describe('wish lists', () => {
    it('lists the sellers and buyers of an item with their represented badges', async () => {
      const buyers = await call('GET', `/v1/item/wish-items/users/${itemUuid['용사의 갑옷 세트']}/?wish_type=buy`);
      expect(buyers.status).toBe(200);
      expect(buyers.body.count).toBe(3);
      expect(buyers.body.totalCount).toBe(3);
      expect(buyers.body.item.name).toBe('용사의 갑옷 세트');
      expect(buyers.body.users).toEqual(buyers.body.results);
      const byNickname = Object.fromEntries(buyers.body.users.map((entry: any) => [entry.user.nickname, entry]));
      expect(byNickname['말랑콩떡']).toMatchObject({
        id: expect.any(String),
        target_price: 11000,
        quantity: 1,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        user: { profile_image: '/media/avatars/avatar-mint.svg', represent_badge: { title: '슬라임 마스터', hex_code: '#FFB400' } },
      });
      const sellers = await call('GET', `/v1/item/wish-items/users/${itemUuid['용사의 갑옷 세트']}/?wish_type=sell`);
      expect(sellers.body.users.map((entry: any) => entry.user.nickname).sort()).toEqual(['바다슬라임', '슬라임장인'].sort());
    });

    it('leaves inactive and completed wishes out of an item’s lists, and needs a valid wish_type', async () => {
      const ticket = itemUuid['슬라임 VIP 입장권'];
      expect((await call('GET', `/v1/item/wish-items/users/${ticket}/?wish_type=buy`)).body.count).toBe(0);
      expect((await call('GET', `/v1/item/wish-items/users/${ticket}/?wish_type=sell`)).body.count).toBe(0);
      const bad = await call('GET', `/v1/item/wish-items/users/${ticket}/?wish_type=lend`);
      expect(bad.status).toBe(422);
      expect(bad.body.details[0]).toMatchObject({ path: 'wish_type', message: itemTexts.wishTypeInvalid });
    });

    it('adds to the buy list with the defaults of the add payload; adding again is not a duplicate', async () => {
      const item = itemUuid['회복 물약'];
      const first = await call('POST', '/v1/wishlist/buy', { token: tokens[3], body: { item_uuid: item } });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        wish_type: 'buy',
        status: 'active',
        quantity: 1,
        is_notification_enabled: true,
        memo: null,
        item: { uuid: item, name: '회복 물약' },
        user: { id: 3 },
      });
      const again = await call('POST', '/v1/wishlist/buy', { token: tokens[3], body: { item_uuid: item, quantity: 4 } });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      const stored = await upstream.db
        .select()
        .from(wishes)
        .where(and(eq(wishes.userId, 3), eq(wishes.wishType, 'buy'), eq(wishes.itemId, first.body.item.id)));
      expect(stored).toHaveLength(1);
      // The same item may still go on the other list.
      const sell = await call('POST', '/v1/wishlist/sell', { token: tokens[3], body: { item_uuid: item, wish_type: 'buy', target_price: '1,070' } });
      expect(sell.status).toBe(201);
      // A price written with thousands separators is read as the number.
      expect(sell.body).toMatchObject({ wish_type: 'sell', target_price: 1070 });
    });

    it('validates the add payload with the spec’s rules', async () => {
      const item = itemUuid['슬라임 알'];
      const cases: [Record<string, unknown>, string, string][] = [
        [{ item_uuid: item, memo: 'ㄱ'.repeat(WISH_MEMO_MAX + 1) }, 'memo', itemTexts.memoMax(WISH_MEMO_MAX)],
        [{ item_uuid: item, quantity: 0 }, 'quantity', itemTexts.quantity(9999)],
        [{ item_uuid: item, quantity: 1.5 }, 'quantity', itemTexts.quantity(9999)],
        // A quantity as typed is digits alone: not an exponent, a decimal, a sign, a blank or a boolean, and never huge.
        ...['1e3', '1.5', '0', '-1', '+1', '0x10', '1 2', '', true, 1e21, '99999999999999999999'].map((quantity): [Record<string, unknown>, string, string] => [
          { item_uuid: item, quantity },
          'quantity',
          itemTexts.quantity(9999),
        ]),
        [{ item_uuid: item, priority: '1e1' }, 'priority', itemTexts.priority(WISH_PRIORITY_MAX)],
        [{ item_uuid: item, notification_price: '1e3' }, 'notification_price', itemTexts.price(PRICE_MAX)],
        // Over the stored range: the message names the range.
        [{ item_uuid: item, target_price: PRICE_MAX + 1 }, 'target_price', itemTexts.price(PRICE_MAX)],
        [{ item_uuid: item, target_price: STORED_INT_MAX + 1 }, 'target_price', itemTexts.price(PRICE_MAX)],
        [{ item_uuid: item, target_price: -1 }, 'target_price', itemTexts.price(PRICE_MAX)],
        [{ item_uuid: item, target_price: '1,00' }, 'target_price', itemTexts.price(PRICE_MAX)],
        [{ item_uuid: 'nope' }, 'item_uuid', itemTexts.wishItemRequired],
        [{}, 'item_uuid', itemTexts.wishItemRequired],
      ];
      for (const [body, path, message] of cases) {
        const answer = await call('POST', '/v1/wishlist/sell', { token: tokens[3], body });
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.details).toContainEqual(expect.objectContaining({ path, message }));
      }
      expect((await call('POST', '/v1/wishlist/sell', { body: { item_uuid: item } })).status).toBe(401);
      expect((await call('POST', '/v1/wishlist/sell', { token: tokens[3], body: { item_uuid: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
      const rows = await upstream.db
        .select()
        .from(wishes)
        .where(and(eq(wishes.userId, 3), eq(wishes.wishType, 'sell')));
      expect(rows.some((row) => row.memo?.startsWith('ㄱ'))).toBe(false);
    });

    it('lists only the caller’s own wishes, filtered and paged', async () => {
      const own = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy`, { token: tokens[2] });
      expect(own.status).toBe(200);
      expect(own.body.results.map((wish: any) => wish.item.name).sort()).toEqual(['빨간 후드티', '반짝 랜턴', '용사의 갑옷 세트'].sort());
      expect(own.body.results.every((wish: any) => wish.wish_type === 'buy' && wish.user.id === 2)).toBe(true);

      const completed = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&status=completed`, { token: tokens[2] });
      expect(completed.body.results.map((wish: any) => wish.item.name)).toEqual(['빨간 후드티']);
      expect(completed.body.results[0].completed_at).toMatch(ISO_TIMESTAMP);

      const searched = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&search=${encodeURIComponent('랜턴')}`, { token: tokens[2] });
      expect(searched.body.results.map((wish: any) => wish.item.name)).toEqual(['반짝 랜턴']);
      // The list's search reads initial consonants as the item search does.
      const initials = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&search=${encodeURIComponent('ㅂㅉㄹ')}`, { token: tokens[2] });
      expect(initials.body.results.map((wish: any) => wish.item.name)).toEqual(['반짝 랜턴']);

      const priced = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&minPrice=2000&maxPrice=20000`, { token: tokens[2] });
      expect(priced.body.results.map((wish: any) => wish.item.name).sort()).toEqual(['반짝 랜턴', '용사의 갑옷 세트'].sort());

      const asc = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&order=asc&pageSize=1`, { token: tokens[2] });
      const desc = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&order=desc&pageSize=1`, { token: tokens[2] });
      expect(asc.body.results[0].id).not.toBe(desc.body.results[0].id);
      expect(asc.body.count).toBe(3);

      expect((await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy`, { token: tokens[3] })).status).toBe(403);
      expect((await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy`)).status).toBe(401);
      const tooBig = await call('GET', `/v1/item/wish-items/${uuidOf[2]}/?wish_type=buy&pageSize=101`, { token: tokens[2] });
      expect(tooBig.status).toBe(422);
      expect(tooBig.body.details[0].path).toBe('pageSize');
    });

    it('counts the caller’s wishes by type and status', async () => {
      const stats = await call('GET', `/v1/item/wish-items/stats/${uuidOf[2]}/`, { token: tokens[2] });
      expect(stats.body).toEqual({
        buy: { total: 3, active: 1, inactive: 1, completed: 1 },
        sell: { total: 2, active: 2, inactive: 0, completed: 0 },
      });
      expect((await call('GET', `/v1/item/wish-items/stats/${uuidOf[2]}/`, { token: tokens[3] })).status).toBe(403);
    });

    it('toggles a buy wish’s status; completing stamps completed_at', async () => {
      const added = await call('POST', '/v1/wishlist/buy', { token: tokens[8], body: { item_uuid: itemUuid['젤리 원석'] } });
      const path = `/v1/wishlist/buy/${added.body.id}/toggle/`;
      const done = await call('POST', path, { token: tokens[8], body: { status: 'completed' } });
      expect(done.body).toMatchObject({ status: 'completed', completed_at: expect.stringMatching(ISO_TIMESTAMP) });
      // Completing it again (a request sent twice) keeps when it was completed.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await call('POST', path, { token: tokens[8], body: { status: 'completed' } });
      expect(again.body.completed_at).toBe(done.body.completed_at);
      const back = await call('POST', path, { token: tokens[8], body: { status: 'inactive' } });
      expect(back.body).toMatchObject({ status: 'inactive', completed_at: null });
      const bad = await call('POST', path, { token: tokens[8], body: { status: 'paused' } });
      expect(bad.status).toBe(422);
      expect(bad.body.details[0]).toMatchObject({ path: 'status', message: itemTexts.wishStatusInvalid });
      expect((await call('POST', path, { token: tokens[3], body: { status: 'active' } })).status).toBe(403);
    });

    it('updates a wish with PUT, only the owner', async () => {
      const added = await call('POST', '/v1/wishlist/sell', { token: tokens[8], body: { item_uuid: itemUuid['젤리 원석'] } });
      const updated = await call('PUT', `/v1/wishlist/${added.body.id}/`, {
        token: tokens[8],
        body: { memo: '  싸게 팝니다  ', quantity: 3, target_price: 900 },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ memo: '싸게 팝니다', quantity: 3, target_price: 900 });
      expect((await call('PUT', `/v1/wishlist/${added.body.id}/`, { token: tokens[2], body: { memo: '내 거' } })).status).toBe(403);
      expect((await call('PUT', `/v1/wishlist/${added.body.id}/`, { token: tokens[8], body: { quantity: -1 } })).status).toBe(422);
      // A member typed 1e3: refused, not stored as 1000. A count typed with spaces around it is read as the count.
      const typed = await call('PUT', `/v1/wishlist/${added.body.id}/`, { token: tokens[8], body: { quantity: '1e3' } });
      expect(typed.status).toBe(422);
      expect(typed.body.details).toContainEqual(expect.objectContaining({ path: 'quantity', message: itemTexts.quantity(9999) }));
      expect((await wishRows(Number(added.body.id)))[0].quantity).toBe(3);
      expect((await call('PUT', `/v1/wishlist/${added.body.id}/`, { token: tokens[8], body: { quantity: ' 12 ' } })).body.quantity).toBe(12);
    });

    it('deletes one wish from its own list only', async () => {
      const added = await call('POST', '/v1/wishlist/sell', { token: tokens[8], body: { item_uuid: itemUuid['통통 사탕'] } });
      expect((await call('DELETE', `/v1/wishlist/buy/${added.body.id}/`, { token: tokens[8] })).status).toBe(404);
      expect((await call('DELETE', `/v1/wishlist/sell/${added.body.id}/`, { token: tokens[2] })).status).toBe(403);
      const removed = await call('DELETE', `/v1/wishlist/sell/${added.body.id}/`, { token: tokens[8] });
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe(itemTexts.removedFromSellList);
      expect(await wishRows(Number(added.body.id))).toEqual([]);
    });

    it('bulk-deletes the caller’s wishes; one id of another member refuses the whole request', async () => {
      const a = await call('POST', '/v1/wishlist/buy', { token: tokens[8], body: { item_uuid: itemUuid['청바지'] } });
      const b = await call('POST', '/v1/wishlist/buy', { token: tokens[8], body: { item_uuid: itemUuid['가죽 부츠'] } });
      const othersWish = (
        await upstream.db
          .select()
          .from(wishes)
          .where(and(eq(wishes.userId, 2), eq(wishes.wishType, 'buy')))
      )[0];

      const refused = await call('DELETE', '/v1/item/wish-items', { token: tokens[8], body: { wish_ids: [a.body.id, othersWish.id], wish_type: 'buy' } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(itemTexts.notOwnWish);
      expect(await wishRows(Number(a.body.id))).toHaveLength(1);
      expect(await wishRows(othersWish.id)).toHaveLength(1);

      // The member's own wish on the other list is passed over, not deleted.
      const wrongType = await call('DELETE', '/v1/item/wish-items', { token: tokens[8], body: { wish_ids: [a.body.id], wish_type: 'sell' } });
      expect(wrongType.body).toMatchObject({ deleted_count: 0, wish_ids: [] });
      expect(await wishRows(Number(a.body.id))).toHaveLength(1);

      const done = await call('DELETE', '/v1/item/wish-items', { token: tokens[8], body: { wish_ids: [a.body.id, b.body.id], wish_type: 'buy' } });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ deleted_count: 2, wish_ids: [a.body.id, b.body.id], message: itemTexts.deletedSelected });
      // Sent again (its answer was lost): nothing left to delete, and no refusal.
      const again = await call('DELETE', '/v1/item/wish-items', { token: tokens[8], body: { wish_ids: [a.body.id, b.body.id], wish_type: 'buy' } });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ deleted_count: 0, wish_ids: [] });

      const missingType = await call('DELETE', '/v1/item/wish-items', { token: tokens[8], body: { wish_ids: [1] } });
      expect(missingType.status).toBe(422);
      expect(missingType.body.details[0].path).toBe('wish_type');
      expect((await call('DELETE', '/v1/item/wish-items', { body: { wish_type: 'buy' } })).status).toBe(401);
    });

    it('manage toggles an item in and out of a list', async () => {
      const path = `/v1/item/wish-items/manage/${itemUuid['밤색 앞머리']}/`;
      const added = await call('POST', path, { token: tokens[8], body: { wish_type: 'sell' } });
      expect(added.body).toEqual({ item_uuid: itemUuid['밤색 앞머리'], wish_type: 'sell', is_wished: true, message: itemTexts.addedToSellList });
      const removed = await call('POST', `${path}?wish_type=sell`, { token: tokens[8] });
      expect(removed.body).toEqual({ item_uuid: itemUuid['밤색 앞머리'], wish_type: 'sell', is_wished: false, message: itemTexts.removedFromSellList });
      expect((await call('POST', path, { token: tokens[8], body: {} })).status).toBe(422);
    });
  });

  describe('probability tables', () => {
    it.each(PROBABILITY_KINDS)('%s: a Korean table whose probabilities sum to 100', async (kind) => {
      const answer = await call<any[]>('GET', `/v1/probability/${kind}/`);
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThanOrEqual(5);
      for (const row of answer.body) {
        expect(row).toEqual({
          id: expect.any(Number),
          uuid: expect.any(String),
          name: expect.stringMatching(/[가-힣]/),
          description: row.description === null ? null : expect.any(String),
          image: row.image === null ? null : expect.stringMatching(/^\/media\/items\//),
          rarity: expect.stringMatching(/^(legendary|epic|rare|uncommon|common)$/),
          probability: expect.any(Number),
        });
      }
      const sum = answer.body.reduce((total, row) => total + row.probability, 0);
      expect(sum).toBeCloseTo(100, 9);
    });

    it('answers one row by id, 404 for a row of another table, 422 for an unknown kind', async () => {
      const [first] = (await call<any[]>('GET', '/v1/probability/ticket/')).body;
      expect((await call('GET', `/v1/probability/ticket/${first.id}/`)).body).toEqual(first);
      expect((await call('GET', `/v1/probability/ticket/${first.uuid}/`)).body).toEqual(first);
      expect((await call('GET', `/v1/probability/treasurebox/${first.id}/`)).status).toBe(404);
      const unknown = await call('GET', '/v1/probability/lottery/');
      expect(unknown.status).toBe(422);
      expect(unknown.body.details[0].message).toBe(itemTexts.probability.kindInvalid);
    });
  });

  describe('POST /v1/item/{uuid}/report/', () => {
    it('stores one report per member and item: 201, then 409', async () => {
      const path = `/v1/item/${itemUuid['청바지']}/report/`;
      const body = { reason: ' 규격에 맞지 않아요 ', reason_type: 1, submit_item: '청바지', content: '하의 레이어가 어긋납니다', context_id: 'modal' };
      const created = await call('POST', path, { token: tokens[3], body });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(Number), created_at: expect.stringMatching(ISO_TIMESTAMP) });
      const [stored] = await upstream.db.select().from(itemReports).where(eq(itemReports.id, created.body.id));
      expect(stored).toMatchObject({ reason: '규격에 맞지 않아요', reasonType: 1, reporterId: 3, contextId: 'modal' });
      const second = await call('POST', path, { token: tokens[3], body });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('CONFLICT');
      expect((await call('POST', path, { token: tokens[2], body })).status).toBe(201);
    });

    it('validates the reason and type; guests get 401; unknown items 404', async () => {
      const path = `/v1/item/${itemUuid['가죽 부츠']}/report/`;
      const blank = await call('POST', path, { token: tokens[3], body: { reason: '   ', reason_type: 0 } });
      expect(blank.status).toBe(422);
      expect(blank.body.details[0]).toMatchObject({ path: 'reason', message: reportTexts.reasonRequired });
      const long = await call('POST', path, { token: tokens[3], body: { reason: 'a'.repeat(501) } });
      expect(long.body.details[0]).toMatchObject({ path: 'reason', message: reportTexts.reasonMax(500) });
      const type = await call('POST', path, { token: tokens[3], body: { reason: '사유', reason_type: 9 } });
      expect(type.body.details[0]).toMatchObject({ path: 'reason_type', message: reportTexts.reasonType });
      expect((await call('POST', path, { body: { reason: '사유' } })).status).toBe(401);
      expect((await call('POST', '/v1/item/00000000-0000-4000-8000-000000000000/report/', { token: tokens[3], body: { reason: '사유' } })).status).toBe(404);
      expect(await upstream.db.select().from(itemReports).where(eq(itemReports.reporterId, 3))).toHaveLength(1);
    });
  });
});
