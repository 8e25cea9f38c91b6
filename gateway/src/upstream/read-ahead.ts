/**
 * Reads started before the field that needs them runs (`graphql/lookahead.ts`), per request: each is handed, once, to
 * the first read asking for its key, and a failure is that read's to report (nobody else awaits it).
 */
export class ReadAhead<T> {
  private readonly started = new Map<string, Promise<T>>();

  start(key: string, read: () => Promise<T>): void {
    if (this.started.has(key)) return;
    const answer = read();
    answer.catch(() => {});
    this.started.set(key, answer);
  }

  /** The read started for `key`, if any (undefined: none, or a read that cannot have been started ahead). */
  take(key: string | undefined): Promise<T> | undefined {
    if (key === undefined) return undefined;
    const answer = this.started.get(key);
    this.started.delete(key);
    return answer;
  }
}
