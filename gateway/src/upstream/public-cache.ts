/**
 * A small in-process cache for public upstream answers (item search, probability tables): the same for every
 * viewer, so one answer serves all of them until it goes stale. Never used for anything that depends on
 * the caller's token. In-flight requests are shared; failures are not kept.
 */
export class PublicCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly maxEntries = 500) {}

  get<T>(key: string, freshForMs: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      // Most recently used last, so eviction drops the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    this.entries.set(key, { expiresAt: now + freshForMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
