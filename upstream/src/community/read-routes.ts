import type { FastifyPluginAsync } from 'fastify';
import { pageLinks, postListQuerySchema } from '../../../domain/community.js';
import { issuesFromZod } from '../../../domain/errors.js';
import type { Database } from '../db/client.js';
import { viewerId } from '../http/auth.js';
import { HttpError, RequestValidationError } from '../http/errors.js';
import { pageUrl, parseId, requestMedia, singleValuedQuery } from '../http/request.js';
import { presentPosts } from './present.js';
import { listPosts, openPost } from './post-repository.js';

export const postRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/v1/community/', async (request) => {
    const parsed = postListQuerySchema.safeParse(singleValuedQuery(request.query));
    if (!parsed.success) throw new RequestValidationError(issuesFromZod(parsed.error));
    const query = parsed.data;

    const { records, total } = await listPosts(db, query, viewerId(request));
    const results = await presentPosts(db, records, requestMedia(request), viewerId(request));
    const totalPages = Math.max(1, Math.ceil(total / query.page_size));
    const { hasNext, hasPrev } = pageLinks(query.page, totalPages);
    const next = hasNext ? pageUrl(request, query.page + 1) : null;
    const previous = hasPrev ? pageUrl(request, query.page - 1) : null;
    return {
      results,
      count: total,
      next,
      previous,
      total_pages: totalPages,
      links: { next, previous },
      meta: { page: query.page, pageSize: query.page_size, total, totalPages, hasNext, hasPrev },
    };
  });

  app.get<{ Params: { id: string } }>('/v1/community/:id/', async (request) => {
    const id = parseId(request.params.id);
    const record = id === null ? null : await openPost(db, id);
    if (!record) throw new HttpError(404);
    const [post] = await presentPosts(db, [record], requestMedia(request), viewerId(request));
    return post;
  });
};
