import type { ExecutionResult } from 'graphql';
import { Repeater, SlidingBuffer } from 'graphql-yoga';
import { inSlices } from './pubsub.js';

type Started = AsyncIterable<ExecutionResult> | ExecutionResult;

/** Events a subscriber that reads slowly may fall behind by; older ones give way to newer (each is a whole post). */
const BACKLOG = 16;

interface Sink {
  push(result: ExecutionResult): void;
  fail(error: unknown): void;
  end(): void;
}

interface Group {
  started: Promise<Started>;
  iterator?: AsyncIterator<ExecutionResult>;
  sinks: Set<Sink>;
}

const isStream = (started: Started): started is AsyncIterable<ExecutionResult> => Symbol.asyncIterator in Object(started);

/**
 * One running GraphQL subscription for every socket that asks the very same thing: the same document and
 * variables with the same token and device, or with anyone's when the answer is the same for every viewer
 * (ws.ts), so the same answers. Each event then executes once and is handed
 * to all of them (in slices, like the pub/sub), instead of executing once per socket: with a thousand sockets
 * on one post that execution was a large part of a fan-out. Only for root fields whose events are the same
 * for every subscriber and that send nothing on subscribing (`SHARED_SUBSCRIPTION_FIELDS`, modules/community/post-changed.ts).
 * Hand-written: graphql-ws and Yoga run each subscription on its own.
 */
export class SharedSubscriptions {
  private readonly groups = new Map<string, Group>();

  /** Runs going now. */
  get size(): number {
    return this.groups.size;
  }

  /** One more subscriber of `key`; `start` runs the operation when nobody has it running yet. */
  async join(key: string, start: () => Started | Promise<Started>): Promise<Started> {
    let group = this.groups.get(key);
    if (!group) {
      const created: Group = { started: Promise.resolve().then(start), sinks: new Set() };
      this.groups.set(key, created);
      void this.pump(key, created);
      group = created;
    }
    const started = await group.started;
    // An operation refused when it started (bad id, too expensive) answers each joiner its errors.
    return isStream(started) ? this.listen(key, group) : started;
  }

  private async pump(key: string, group: Group): Promise<void> {
    try {
      const started = await group.started;
      if (!isStream(started)) return;
      group.iterator = started[Symbol.asyncIterator]();
      // Everyone left while it started: nobody is left to end it.
      if (this.groups.get(key) !== group) return void (await group.iterator.return?.());
      for (;;) {
        const { value, done } = await group.iterator.next();
        if (done) break;
        inSlices([...group.sinks], (sink) => group.sinks.has(sink) && sink.push(value));
      }
      for (const sink of group.sinks) sink.end();
    } catch (error) {
      for (const sink of group.sinks) sink.fail(error);
    } finally {
      this.forget(key, group);
    }
  }

  private listen(key: string, group: Group): AsyncIterable<ExecutionResult> {
    return new Repeater<ExecutionResult>(async (push, stop) => {
      const sink: Sink = { push: (result) => void push(result), fail: (error) => stop(error), end: () => stop() };
      group.sinks.add(sink);
      // The operation ended between starting and this subscriber's arrival.
      if (this.groups.get(key) !== group) stop();
      await stop;
      group.sinks.delete(sink);
      if (group.sinks.size === 0 && this.groups.get(key) === group) {
        this.forget(key, group);
        await group.iterator?.return?.();
      }
    }, new SlidingBuffer(BACKLOG));
  }

  private forget(key: string, group: Group): void {
    if (this.groups.get(key) === group) this.groups.delete(key);
  }
}
