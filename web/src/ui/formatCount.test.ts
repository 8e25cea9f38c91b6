import { expect, it } from 'vitest';
import { formatCount } from './formatCount';

it('writes counts as the Korean locale does', () => {
  const korean = new Intl.NumberFormat('ko-KR');
  for (const count of [0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 2 ** 31 - 1]) {
    expect(formatCount(count)).toBe(korean.format(count));
  }
});
