import { describe, expect, it } from 'vitest';
import { PRICE_MAX } from './limits.js';
import { wholeNumberFromText } from './price.js';
import { itemTexts, validationTexts } from './messages.js';
import { postCreateSchema } from './post.js';
import { wishUpdateSchema } from './items.js';

describe('a typed price', () => {
  it('is digits, with thousands separators and the spaces around it ignored', () => {
    expect(wholeNumberFromText('12000')).toBe(12000);
    expect(wholeNumberFromText('12,000')).toBe(12000);
    expect(wholeNumberFromText(' 1,234,567 ')).toBe(1234567);
    expect(wholeNumberFromText('0')).toBe(0);
  });

  it('is nothing else: exponents, decimals, signs, hex, misplaced separators, blanks', () => {
    for (const text of ['1e9', '1.5', '-5', '+5', '0x10', '1,00', '12,0000', ',000', '1 000', '', '  ', 'Infinity']) {
      expect(wholeNumberFromText(text), text).toBeNull();
    }
  });

  it('is read so by the post and wish rules, which refuse the rest with their own message', () => {
    const post = (price: string) => postCreateSchema.safeParse({ title: '제목', content: '내용', post_type: 'trade', trade_type: 'sell', price });
    expect(post('12,000').data?.price).toBe(12000);
    for (const price of ['1e9', '1.5', '-5', '0x10']) {
      expect(post(price).error?.issues[0].message, price).toBe(validationTexts.price);
    }

    const wish = (target_price: string) => wishUpdateSchema.safeParse({ target_price });
    expect(wish('12,000').data?.target_price).toBe(12000);
    for (const price of ['1e9', '1.5', '-5', '0x10']) {
      expect(wish(price).error?.issues[0].message, price).toBe(itemTexts.price(PRICE_MAX));
    }
  });
});

describe('a price shown in gems', () => {
  it('keeps 젬 on the line of its number, however long the number', () => {
    for (const text of [itemTexts.gems(PRICE_MAX), itemTexts.targetPriceLabel(PRICE_MAX)]) {
      expect(text).toMatch(/1,000,000,000\u00A0젬$/);
    }
  });
});
