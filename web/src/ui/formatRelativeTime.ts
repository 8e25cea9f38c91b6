import { uiTexts } from '@domain/messages.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** '방금 전', '3분 전', '2시간 전', '5일 전', '1주 전', '4개월 전', '2년 전'. Future times read as just now. */
export function formatRelativeTime(at: string | Date, now: number = Date.now()): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const elapsed = now - time;
  const { relativeTime } = uiTexts;
  if (Number.isNaN(elapsed) || elapsed < MINUTE) return relativeTime.justNow;
  if (elapsed < HOUR) return relativeTime.minutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return relativeTime.hours(Math.floor(elapsed / HOUR));
  if (elapsed < WEEK) return relativeTime.days(Math.floor(elapsed / DAY));
  if (elapsed < MONTH) return relativeTime.weeks(Math.floor(elapsed / WEEK));
  if (elapsed < YEAR) return relativeTime.months(Math.floor(elapsed / MONTH));
  return relativeTime.years(Math.floor(elapsed / YEAR));
}
