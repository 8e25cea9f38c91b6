import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.js';
import { listCategories } from './category-repository.js';
import { serializeCategoryTree } from '../serializers.js';

export const categoryRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/v1/community/categories/', async () => {
    const { updateCode, rows } = await listCategories(db);
    return { update_code: updateCode, results: serializeCategoryTree(rows) };
  });
};
