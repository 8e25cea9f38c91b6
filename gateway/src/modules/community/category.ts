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
  description: 'A board category of the community, with its sub-categories.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description:
        "The category's numeric id, as `posts(categoryId:)` and the deprecated `categoryId` of post inputs take it; `id` is its global id, which `posts(category:)` and post inputs' `category` take.",
    }),
    name: t.exposeString('name', { description: 'The name shown to members.' }),
    code: t.exposeString('code', { nullable: true, description: 'A short stable code naming the category; null when it has none.' }),
    priority: t.int({
      description: 'Where it sits among its siblings: lists show lower numbers first.',
      resolve: async (category, _args, context) => category.priority ?? (await context.community.category(category.id))?.priority ?? 0,
    }),
    hidden: t.boolean({
      description: 'Whether the staff hid it from the category lists.',
      resolve: async (category, _args, context) => category.hidden ?? (await context.community.category(category.id))?.hidden ?? false,
    }),
    children: t.field({
      type: [Category],
      description: 'Its visible sub-categories, in `priority` order.',
      resolve: async (category, _args, context) => category.children ?? (await context.community.category(category.id))?.children ?? [],
    }),
  }),
});

builder.queryField('categories', (t) =>
  t.field({
    type: [Category],
    nullable: true,
    description: 'The visible top-level categories in `priority` order, each with its sub-categories under `children`.',
    resolve: async (_root, _args, context) => (await context.community.categories()).results,
  }),
);
