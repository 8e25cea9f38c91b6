import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { UNUSED_UPLOADS_SWEEP } from '../../../domain/limits.js';
import type { Database } from '../db/client.js';
import { sweepUnusedImages } from './images.js';
import type { MediaStore } from './store.js';

/** When the upstream sweeps unused uploads (defaults: UNUSED_UPLOADS_SWEEP; the operator's UNUSED_UPLOADS_* settings: config.ts). */
export interface SweepTiming {
  /** How old an unused upload must be to be released. */
  graceMs?: number;
  /** Time between two sweeps. */
  everyMs?: number;
  /** Time from the start to the first sweep. */
  firstAfterMs?: number;
}

/** Node fires a timer set for longer than this at once: a longer wait is this long. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Sweeps unused uploads (`sweepUnusedImages`) `firstAfterMs` after the start, then `everyMs` after each sweep ends,
 * so sweeps of one process never overlap. The waits do not keep the process alive. A sweep that fails is logged at
 * error level and the next one runs as planned. Answers `stop`: no sweep starts after it is called, and it resolves
 * once a sweep under way has finished its batch (before the store it uses is closed).
 */
export function scheduleUnusedImageSweeps(db: Database, media: MediaStore, log: FastifyBaseLogger, timing: SweepTiming = {}): () => Promise<void> {
  const graceMs = timing.graceMs ?? UNUSED_UPLOADS_SWEEP.graceMs;
  const everyMs = timing.everyMs ?? UNUSED_UPLOADS_SWEEP.everyMs;
  const firstAfterMs = timing.firstAfterMs ?? UNUSED_UPLOADS_SWEEP.firstAfterMs;
  const stopping = new AbortController();
  const { signal } = stopping;
  const running = (async () => {
    for (let wait = firstAfterMs; ; wait = everyMs) {
      try {
        await sleep(Math.min(wait, LONGEST_TIMER_MS), undefined, { signal, ref: false });
      } catch {
        return; // stopped
      }
      try {
        await sweepUnusedImages(db, media, log, { graceMs, signal });
      } catch (error) {
        log.error({ err: error }, 'unused uploaded pictures not swept');
      }
    }
  })();
  return async () => {
    stopping.abort();
    await running;
  };
}
