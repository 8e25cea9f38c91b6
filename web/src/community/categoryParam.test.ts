import { describe, expect, test } from 'vitest';
import { categoryIdFrom, communityPath } from './categoryParam';

describe('category query parameter', () => {
  test.each([
    ['?category=15', 15],
    ['', null],
    ['?category=', null],
    ['?category=0', null],
    ['?category=-3', null],
    ['?category=1.5', null],
    ['?category=abc', null],
  ])('%s reads as %s', (search, id) => {
    expect(categoryIdFrom(search)).toBe(id);
  });

  test('paths', () => {
    expect(communityPath(null)).toBe('/community');
    expect(communityPath(29)).toBe('/community?category=29');
  });
});
