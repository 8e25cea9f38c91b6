import { describe, expect, it } from 'vitest';
import { STORED_INT_MAX } from '@domain/limits.js';
import { pageNumberFrom } from './pageNumber';

describe('page numbers from the address', () => {
  it('reads whole numbers from 1, anything else as the first page', () => {
    expect(pageNumberFrom('3', 20)).toBe(3);
    expect(pageNumberFrom(null, 20)).toBe(1);
    expect(pageNumberFrom('2.5', 20)).toBe(1);
    expect(pageNumberFrom('-2', 20)).toBe(1);
    expect(pageNumberFrom('abc', 20)).toBe(1);
  });

  it('reads a huge number as the last page whose offset the API can be asked for', () => {
    expect(pageNumberFrom('99999999999', 20)).toBe(Math.floor(STORED_INT_MAX / 20));
    expect(pageNumberFrom('2147483648', 10)).toBe(Math.floor(STORED_INT_MAX / 10));
  });
});
