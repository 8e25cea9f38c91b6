import { describe, expect, test } from 'vitest';
import { formatRelativeTime } from './formatRelativeTime';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatRelativeTime', () => {
  test.each([
    [ago(0), '방금 전'],
    [ago(59_000), '방금 전'],
    [ago(3 * minute), '3분 전'],
    [ago(59 * minute), '59분 전'],
    [ago(2 * hour), '2시간 전'],
    [ago(6 * day), '6일 전'],
    [ago(8 * day), '1주 전'],
    [ago(45 * day), '1개월 전'],
    [ago(400 * day), '1년 전'],
    [new Date(now + hour).toISOString(), '방금 전'],
    ['not a date', '방금 전'],
  ])('%s reads %s', (at, text) => {
    expect(formatRelativeTime(at, now)).toBe(text);
  });
});
