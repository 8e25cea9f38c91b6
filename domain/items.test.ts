import { describe, expect, it } from 'vitest';
import { itemSearchTermSchema, matchesProbabilitySearch, wishAddSchema, wishBulkDeleteSchema, wishListQuerySchema, wishUpdateSchema } from './items.js';
import { WISH_PRIORITY_MAX, WISH_QUANTITY_MAX } from './limits.js';
import { itemTexts } from './messages.js';

describe('item rules', () => {
  it('searches with at least 2 characters after trimming', () => {
    expect(itemSearchTermSchema.parse('  검색  ')).toBe('검색');
    const short = itemSearchTermSchema.safeParse(' 검 ');
    expect(short.success).toBe(false);
    expect(short.error?.issues[0].message).toBe(itemTexts.searchMin(2));
  });

  it('fills the add payload’s defaults: quantity 1, notifications on, priority 0', () => {
    const parsed = wishAddSchema.parse({ item_uuid: '000017e0-0001-4000-8000-000000001eef', wish_type: 'buy' });
    expect(parsed).toEqual({ item_uuid: '000017e0-0001-4000-8000-000000001eef', wish_type: 'buy', priority: 0, quantity: 1, is_notification_enabled: true });
  });

  it('takes a quantity only as a positive integer as typed: no exponent, decimal, sign, zero, blank or boolean', () => {
    const quantity = (value: unknown) => wishUpdateSchema.safeParse({ quantity: value });
    for (const [value, read] of [
      ['12', 12],
      [' 12 ', 12],
      ['1,000', 1000],
      [3, 3],
      [WISH_QUANTITY_MAX, WISH_QUANTITY_MAX],
    ] as const) {
      expect(quantity(value).data?.quantity, String(value)).toBe(read);
    }
    const refused = [
      '1e3',
      '1E3',
      '1.5',
      '1.0',
      '0',
      '-1',
      '+1',
      '0x10',
      '1 2',
      '',
      ' ',
      'Infinity',
      '１２',
      '99999999999999999999',
      0,
      -1,
      1.5,
      1e21,
      Number.NaN,
      true,
      [],
      null,
    ];
    for (const value of refused) {
      const answer = quantity(value);
      expect(answer.success, JSON.stringify(value)).toBe(false);
      expect(answer.error?.issues[0], JSON.stringify(value)).toMatchObject({ path: ['quantity'], message: itemTexts.quantity(WISH_QUANTITY_MAX) });
    }
    // The add payload reads it the same way, and leaves it at 1 when it is not sent.
    const add = (quantity?: unknown) => wishAddSchema.safeParse({ item_uuid: '000017e0-0001-4000-8000-000000001eef', wish_type: 'buy', quantity });
    expect(add().data?.quantity).toBe(1);
    expect(add('1e3').error?.issues[0].message).toBe(itemTexts.quantity(WISH_QUANTITY_MAX));
  });

  it('reads a priority as it reads a quantity', () => {
    expect(wishUpdateSchema.parse({ priority: '3' }).priority).toBe(3);
    for (const value of ['1e1', '2.5', '-1', true]) {
      expect(wishUpdateSchema.safeParse({ priority: value }).error?.issues[0].message, String(value)).toBe(itemTexts.priority(WISH_PRIORITY_MAX));
    }
  });

  it('refuses a price range that runs backwards and a bulk delete without a type', () => {
    const range = wishListQuerySchema.safeParse({ wish_type: 'sell', minPrice: '500', maxPrice: '100' });
    expect(range.success).toBe(false);
    expect(wishBulkDeleteSchema.safeParse({ wish_ids: [1, 2] }).success).toBe(false);
    expect(wishBulkDeleteSchema.parse({ wish_ids: ['1', 2], wish_type: 'buy' })).toEqual({ wish_ids: [1, 2], wish_type: 'buy' });
  });

  it('matches probability rows on name or description, ignoring case; a blank term keeps all', () => {
    const row = { name: '슬라임 VIP 입장권', description: '특별 이벤트 입장권' };
    expect(matchesProbabilitySearch(row, 'vip')).toBe(true);
    expect(matchesProbabilitySearch(row, ' 이벤트 ')).toBe(true);
    expect(matchesProbabilitySearch(row, '골드')).toBe(false);
    expect(matchesProbabilitySearch({ name: '참가 티켓', description: null }, '')).toBe(true);
  });
});
