import { builder } from '../../graphql/builder.js';
import { NotFoundError } from '../../graphql/errors.js';
import type { CategoryRecord } from './community-api.js';

/**
 * A category. Posts embed only `{id, name, code}`; the other fields come from the category tree,
 * fetched only when a query asks for them.
 */
export const Category = builder.loadableNodeRef('Category', {
  id: { resolve: (category: CategoryRecord) => category.id },
  load: async (ids: string[], context) => Promise.all(ids.map(async (id) => (await context.community.category(Number(id))) ?? new NotFoundError())),
});

Category.implement({
  description: '게시판 카테고리 (000 §3). `databaseId`는 `/community?category=`에 쓰는 upstream id입니다.',
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
    description: '숨김이 아닌 최상위 카테고리 (우선순위 순), 하위 카테고리는 children',
    resolve: async (_root, _args, context) => (await context.community.categories()).results,
  }),
);
