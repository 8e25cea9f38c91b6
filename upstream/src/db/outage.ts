import { sql } from 'drizzle-orm';
import { DATABASE_OUTAGE_PROBE_INTERVAL_MS, READINESS_DATABASE_TIMEOUT_MS } from '../../../domain/limits.js';
import type { Database } from './client.js';

/** Where the outage's two lines go (the app's pino logger). */
export interface DatabaseOutageLog {
  warn(detail: object | string, message?: string): void;
}

/** What the log says of a database outage: its start and its end, once each, however many requests meet it. */
export const DATABASE_OUTAGE_LOG = {
  lost: 'database unreachable: requests that need it answer 503 until it is back',
  back: 'database reachable again',
} as const;

/**
 * The database's reachability as an operator hears of it, like Redis's on the gateway: one warn line when a request
 * (or `/readyz`) first finds it unreachable, one when it answers again. Meanwhile it is asked `select 1` every
 * DATABASE_OUTAGE_PROBE_INTERVAL_MS, so the end is heard of even without traffic; each request that met the outage
 * logs its own short line (http/errors.ts).
 */
export class DatabaseOutage {
  private probe: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: DatabaseOutageLog,
  ) {}

  get down(): boolean {
    return this.probe !== undefined;
  }

  /** A query failed because the database could not be reached (`cause`: what the driver said, in a few words). */
  lost(cause: { code?: string; message: string }): void {
    if (this.down || this.closed) return;
    this.log.warn({ db: cause }, DATABASE_OUTAGE_LOG.lost);
    this.probe = setInterval(() => void this.check(), DATABASE_OUTAGE_PROBE_INTERVAL_MS);
    this.probe.unref();
  }

  close(): void {
    this.closed = true;
    this.stop();
  }

  private async check(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      if (!(await answersWithin(this.db.execute(sql`select 1`), READINESS_DATABASE_TIMEOUT_MS)) || !this.down) return;
      this.stop();
      if (!this.closed) this.log.warn(DATABASE_OUTAGE_LOG.back);
    } finally {
      this.probing = false;
    }
  }

  private stop(): void {
    clearInterval(this.probe);
    this.probe = undefined;
  }
}

/** Whether `query` succeeds within `timeoutMs` (a store that hangs counts as one that refused). */
export async function answersWithin(query: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query.then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
