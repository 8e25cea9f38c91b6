import { STORED_INT_MAX } from '@domain/limits.js';

/**
 * A page number from the address: a whole number from 1 (else 1), at most the last page whose offset the API's
 * integers hold, so a huge number opens the list's last page as any page past the end does (it was a refused request).
 */
export function pageNumberFrom(raw: string | null, pageSize: number): number {
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, Math.floor(STORED_INT_MAX / pageSize));
}
