import { describe, expect, test, vi } from 'vitest';
import { backDestination, fallbackPathFor, runBackHandler } from './backNavigation';

describe('backDestination (002 §2.4)', () => {
  test('goes back in history when a previous path is known', () => {
    expect(backDestination('/community', '/community/detail', true)).toEqual({ kind: 'history' });
  });

  test('falls back when the previous path is missing or contains null', () => {
    expect(backDestination(null, '/community/detail', true)).toEqual({ kind: 'path', path: '/community' });
    expect(backDestination('/community/null', '/community/detail', true)).toEqual({ kind: 'path', path: '/community' });
  });

  test('falls back when the app has no history entry to return to', () => {
    expect(backDestination('/community', '/community/detail', false)).toEqual({ kind: 'path', path: '/community' });
  });

  test('fallback paths', () => {
    expect(fallbackPathFor('/community/detail')).toBe('/community');
    expect(fallbackPathFor('/mission/3')).toBe('/mission');
    expect(fallbackPathFor('/my')).toBe('/');
  });

  test('a detail screen opened directly falls back to its list', () => {
    expect(fallbackPathFor('/my/notice/8f0c2a')).toBe('/my/notice');
    expect(fallbackPathFor('/my/guide/notion/8f0c2a')).toBe('/my/guide');
    expect(fallbackPathFor('/my/inquiries/12')).toBe('/my/inquiries');
    expect(fallbackPathFor('/my/inquiries/12/status')).toBe('/my/inquiries/12');
    expect(fallbackPathFor('/my/notice')).toBe('/');
  });

  test("a story closes to the feed, a highlight to its member's highlights, and those to the member", () => {
    expect(fallbackPathFor('/stories/VXNlcjox')).toBe('/community');
    expect(fallbackPathFor('/stories/highlights/VXNlcjox/SGlnaGxpZ2h0OjEvMg%3D%3D')).toBe('/stories/highlights/VXNlcjox');
    expect(fallbackPathFor('/stories/highlights/VXNlcjox')).toBe('/users/VXNlcjox');
  });
});

describe('runBackHandler (000 §2 shared blocks)', () => {
  test('uses the handler when one is given', () => {
    const handler = vi.fn();
    const goBack = vi.fn();
    runBackHandler(handler, goBack, vi.fn(), true);
    expect(handler).toHaveBeenCalledOnce();
    expect(goBack).not.toHaveBeenCalled();
  });

  test('uses the default back navigation without a handler', () => {
    const goBack = vi.fn();
    runBackHandler(undefined, goBack, vi.fn(), true);
    expect(goBack).toHaveBeenCalledOnce();
  });

  test('a failing handler is logged and history back is used when there is history', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const historyBack = vi.fn();
    const failing = () => {
      throw new Error('broken');
    };
    runBackHandler(failing, vi.fn(), historyBack, true);
    expect(historyBack).toHaveBeenCalledOnce();
    runBackHandler(failing, vi.fn(), historyBack, false);
    expect(historyBack).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
