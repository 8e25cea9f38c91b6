import type { FastifyRequest } from 'fastify';
import { STORED_INT_MAX } from '../../../domain/limits.js';
import { NotFoundError } from '../errors.js';
import type { MediaUrl } from '../serializers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Media URLs of this instance: root-relative, or on the configured public address. */
    mediaUrl: MediaUrl;
    /** The configured public address (UPSTREAM_PUBLIC_URL), without a trailing slash. */
    publicUrl: string | undefined;
  }
}

/**
 * Where page links lead: the configured public address, or else `scheme://host[:port]` the client used, so links
 * work from where they asked. With a public address set, a Host header a client makes up never reaches a link.
 */
function linkBase(request: FastifyRequest): string {
  return request.server.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function requestMedia(request: FastifyRequest): MediaUrl {
  return request.server.mediaUrl;
}

/** The request's own URL with `page` replaced, absolute. */
export function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(linkBase(request) + request.url);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Query strings as the domain schemas expect them: one string per key. Repeated `tags` join into one
 * comma list; for other repeated keys the last value wins (as Django's QueryDict.get does).
 */
export function singleValuedQuery(query: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, string | string[]>)) {
    if (Array.isArray(value)) result[key] = key === 'tags' ? value.join(',') : (value.at(-1) ?? '');
    else result[key] = value;
  }
  return result;
}

/** A database id from a path segment, or null when it cannot name a row. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= STORED_INT_MAX ? id : null;
}

/** The row id a path segment names; one that cannot name a row is not found (with the area's message, if any). */
export function pathId(raw: string, notFoundMessage?: string): number {
  const id = parseId(raw);
  if (id === null) throw new NotFoundError(notFoundMessage);
  return id;
}
