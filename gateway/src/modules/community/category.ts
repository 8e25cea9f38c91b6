import { builder } from '../../graphql/builder.js';
import { NUMERIC_ID_PATTERN } from '../../graphql/ids.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { NotFoundError } from '../../graphql/errors.js';
import type { CategoryRecord } from './community-api.js';

/**
 * A category. Posts embed only `{id, name, code}`; the other fields come from the category tree,
 * fetched only when a query asks for them.
 */
export const Category = upstreamNode<CategoryRecord>('Category', {
  id: (category) => category.id,
  read: async (id, context) => {
    const category = await context.community.category(Number(id));
    if (!category) throw new NotFoundError();
    return category;
  },
  key: NUMERIC_ID_PATTERN,
  // Posts embed a partial category; its other fields read the tree when asked.
  primeResolved: false,
});

Category.implement({
  description: 'A board category. `databaseId` is the upstream id the web app uses in `/community?category=`.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    code: t.exposeString('code', { nullable: true }),
    priority: t.int({
      resolve: async (category, _args, context) => category.priority ?? (await context.community.category(category.id))?.priority ?? 0,
    }),
    hidden: t.boolean({
      resolve: async (category, _args, context) => category.hidden ?? (await context.community.category(category.id))?.hidden ?? false,
    }),
    children: t.field({
      type: [Category],
      resolve: async (category, _args, context) => category.children ?? (await context.community.category(category.id))?.children ?? [],
    }),
  }),
});

builder.queryField('categories', (t) =>
  t.field({
    type: [Category],
    nullable: true,
    description: '숨김이 아닌 최상위 카테고리 (우선순위 순), 하위 카테고리는 children',
    resolve: async (_root, _args, context) => (await context.community.categories()).results,
  }),
);
