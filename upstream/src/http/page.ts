import type { FastifyRequest } from 'fastify';
import type { PageJson } from '../../../domain/api.js';
import { pageLinks } from '../../../domain/community.js';
import type { PageRequest } from '../db/queries.js';
import { pageUrl } from './request.js';

export type { PageRequest };

/** How many pages a list of `total` rows fills; an empty list still has one. */
export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The DRF-style page of 000 §3 around already presented results; next/previous link to the request's own URL. */
export function pageJson<T>(request: FastifyRequest, results: T[], total: number, { page, pageSize }: PageRequest): PageJson<T> {
  const totalPages = totalPagesOf(total, pageSize);
  const { hasNext, hasPrev } = pageLinks(page, totalPages);
  const next = hasNext ? pageUrl(request, page + 1) : null;
  // Past the last page, the way back leads to the last page that has results (not to another empty one).
  const previous = hasPrev ? pageUrl(request, Math.min(page - 1, Math.max(totalPages, 1))) : null;
  return {
    results,
    count: total,
    next,
    previous,
    total_pages: totalPages,
    links: { next, previous },
    meta: { page, pageSize, total, totalPages, hasNext, hasPrev },
  };
}
