import { describe, expect, it } from 'vitest';
import { itemSearchTermSchema, matchesProbabilitySearch, wishAddSchema, wishBulkDeleteSchema, wishListQuerySchema } from './items.js';
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
