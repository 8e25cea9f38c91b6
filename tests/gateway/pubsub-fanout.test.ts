import { describe, expect, it } from 'vitest';
import { createGatewayPubSub } from '../../gateway/src/server/pubsub.js';

/** Runs what is queued as microtasks (promise reactions) without letting the event loop turn. */
async function flushMicrotasks() {
  for (let round = 0; round < 20; round += 1) await Promise.resolve();
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** `count` subscribers of one topic, each recording the counts it hears. */
function listeners(count: number) {
  const { pubSub } = createGatewayPubSub();
  const heard: number[][] = Array.from({ length: count }, () => []);
  const iterators = heard.map((log) => {
    const iterator = pubSub.subscribe('unreadNotificationCount', '7')[Symbol.asyncIterator]();
    const pump = (): void =>
      void iterator.next().then((result) => {
        if (result.done) return;
        log.push(result.value);
        pump();
      });
    pump();
    return iterator;
  });
  return { pubSub, heard, iterators, reached: () => heard.filter((log) => log.length > 0).length };
}

describe('the in-process fan-out', () => {
  it('lets the publisher finish first, then serves a topic’s subscribers in slices, the event loop running between them', async () => {
    const { pubSub, heard, reached } = listeners(250);
    await flushMicrotasks();
    pubSub.publish('unreadNotificationCount', '7', 1);
    await flushMicrotasks();
    expect(reached()).toBe(0);
    await nextTurn();
    const firstSlice = reached();
    expect(firstSlice).toBeGreaterThan(0);
    expect(firstSlice).toBeLessThan(250);
    for (let turn = 0; turn < 10 && reached() < 250; turn += 1) await nextTurn();
    expect(heard.every((log) => log.length === 1 && log[0] === 1)).toBe(true);
  });

  it('keeps each subscriber’s events in order and skips subscribers gone mid-fan-out', async () => {
    const { pubSub, heard, iterators } = listeners(250);
    await flushMicrotasks();
    pubSub.publish('unreadNotificationCount', '7', 1);
    pubSub.publish('unreadNotificationCount', '7', 2);
    await iterators[249].return?.();
    for (let turn = 0; turn < 20; turn += 1) await nextTurn();
    expect(heard.slice(0, 249).every((log) => log.join() === '1,2')).toBe(true);
    expect(heard[249]).toEqual([]);
  });
});
