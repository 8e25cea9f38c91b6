import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RECONNECT } from '@domain/limits.js';
import { importUntilLoaded } from './importUntilLoaded';

/** The window's `online` event, which a browser fires as its connection comes back. */
let browserWindow: EventTarget;
beforeEach(() => {
  vi.useFakeTimers();
  browserWindow = new EventTarget();
  vi.stubGlobal('addEventListener', browserWindow.addEventListener.bind(browserWindow));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a split-off part downloaded until it arrives', () => {
  it('tries again after waits that double up to the longest, and answers once it has loaded', async () => {
    const module = { default: 'toasts' };
    const load = vi.fn<() => Promise<typeof module>>();
    for (let failure = 0; failure < 7; failure += 1) load.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockResolvedValue(module);
    const loaded = importUntilLoaded(load)();
    let answer: unknown;
    void loaded.then((value) => (answer = value));

    const waits = [1, 2, 4, 8, 16, 30, 30].map((factor) => Math.min(LIVE_RECONNECT.firstWaitMs * factor, LIVE_RECONNECT.maxWaitMs));
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(load).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(index + 2);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(answer).toBe(module);
  });

  it('tries again at once when the browser is back online', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue('sheet');
    const loaded = importUntilLoaded(load)();
    await vi.advanceTimersByTimeAsync(10);
    expect(load).toHaveBeenCalledTimes(1);
    browserWindow.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('sheet');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one download among its callers, and makes no new one once loaded', async () => {
    const load = vi.fn().mockResolvedValue('socket');
    const part = importUntilLoaded(load);
    await Promise.all([part(), part()]);
    await part();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
