import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, expect, it } from 'vitest';
import { validationTexts } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';
import { ask, stockClient } from '../helpers/stock-client.js';

/** Post inputs name their category by Category global id (`category`, `subCategory`); the former databaseId fields still work. */
const stack = useStack();
let member: ReturnType<typeof stockClient>;
let parent: { id: string; databaseId: number; children: { id: string; databaseId: number }[] };

beforeAll(async () => {
  member = stockClient(stack.gateway.url, await stack.upstream.issueToken(2));
  const { data } = await ask(member, `{ viewer { isStaff } categories { id databaseId children { id databaseId } } }`);
  expect(data.viewer.isStaff).toBe(false);
  // A category members may post in, with a sub-category.
  parent = data.categories.find((category: typeof parent) => category.children.length > 0);
});

const CREATE = /* GraphQL */ `
  mutation ($input: CreatePostInput!) {
    createPost(input: $input) {
      __typename
      ... on CreatePostPayload { post { id category { id } subCategory { id } } }
      ... on ValidationError { code issues { path message } }
    }
  }
`;
const create = (categories: Record<string, unknown>) => ask(member, CREATE, { input: { title: '분류 확인', content: '본문', ...categories } });

it('files a post under the category and sub-category named by their global ids', async () => {
  const [child] = parent.children;
  const answer = await create({ category: parent.id, subCategory: child.id });
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createPost).toMatchObject({ __typename: 'CreatePostPayload', post: { category: { id: parent.id }, subCategory: { id: child.id } } });
});

it('still files it by the deprecated databaseId fields, and their issues point at them', async () => {
  const [child] = parent.children;
  const answer = await create({ categoryId: parent.databaseId, subCategoryId: child.databaseId });
  expect(answer.data.createPost).toMatchObject({ __typename: 'CreatePostPayload', post: { category: { id: parent.id }, subCategory: { id: child.id } } });
  const bad = await create({ categoryId: 0 });
  expect(bad.data.createPost.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['input', 'categoryId']]);
});

it('refuses a global id of another type where a category goes, at that input field, before writing anything', async () => {
  const answer = await create({ category: parent.id, subCategory: encodeGlobalID('Post', parent.children[0].databaseId) });
  expect(answer.data.createPost).toEqual({
    __typename: 'ValidationError',
    code: 'VALIDATION_ERROR',
    issues: [{ path: ['input', 'subCategory'], message: validationTexts.id }],
  });
  const edit = await ask(
    member,
    `mutation ($input: UpdatePostInput!) { updatePost(input: $input) { __typename ... on ValidationError { issues { path } } } }`,
    {
      input: { id: encodeGlobalID('Post', 1), category: encodeGlobalID('User', parent.databaseId) },
    },
  );
  expect(edit.data.updatePost).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'category'] }] });
});

it('lists the posts of a category named by its global id, as by its databaseId, and refuses another type located at the argument', async () => {
  const [child] = parent.children;
  const filed = await create({ category: parent.id, subCategory: child.id });
  const postId: string = filed.data.createPost.post.id;
  const list = (args: string) => ask(member, `{ posts(first: 50, ${args}) { edges { node { id subCategory { id } } } } }`);
  const byGlobalId = await list(`subCategory: "${child.id}"`);
  expect(byGlobalId.errors).toBeUndefined();
  expect(byGlobalId.data.posts.edges.map((edge: { node: { id: string } }) => edge.node.id)).toContain(postId);
  expect(byGlobalId.data.posts.edges.every((edge: { node: { subCategory: { id: string } } }) => edge.node.subCategory.id === child.id)).toBe(true);
  expect((await list(`subCategoryId: ${child.databaseId}`)).data).toEqual(byGlobalId.data);
  expect((await list(`category: "${parent.id}"`)).data.posts.edges.map((edge: { node: { id: string } }) => edge.node.id)).toContain(postId);

  const wrongType = await list(`category: "${encodeGlobalID('Post', parent.databaseId)}"`);
  expect(wrongType.data?.posts ?? null).toBeNull();
  expect(wrongType.errors?.map((error) => [error.path, error.extensions?.code, error.extensions?.issues])).toEqual([
    [['posts'], 'VALIDATION_ERROR', [{ path: ['category'], message: validationTexts.id, code: 'invalid_format' }]],
  ]);
});

it('refuses a category or sub-category given both ways with different values, with an issue on each name, and takes the same value given both ways', async () => {
  const [child, other = parent.children[0]] = parent.children;
  const conflict = (name: string, formerName: string) => {
    const message = validationTexts.renamedFieldConflict(name, formerName);
    return {
      __typename: 'ValidationError',
      code: 'VALIDATION_ERROR',
      issues: [
        { path: ['input', name], message },
        { path: ['input', formerName], message },
      ],
    };
  };
  expect((await create({ category: parent.id, categoryId: parent.databaseId + 1 })).data.createPost).toEqual(conflict('category', 'categoryId'));
  expect((await create({ category: parent.id, subCategory: child.id, subCategoryId: child.databaseId + 1000 })).data.createPost).toEqual(
    conflict('subCategory', 'subCategoryId'),
  );
  const edit = await ask(
    member,
    `mutation ($input: UpdatePostInput!) { updatePost(input: $input) { __typename ... on ValidationError { code issues { path message } } } }`,
    { input: { id: encodeGlobalID('Post', 1), category: parent.id, categoryId: parent.databaseId + 1 } },
  );
  expect(edit.data.updatePost).toEqual(conflict('category', 'categoryId'));

  const same = await create({ category: parent.id, categoryId: parent.databaseId, subCategory: other.id, subCategoryId: other.databaseId });
  expect(same.data.createPost).toMatchObject({ __typename: 'CreatePostPayload', post: { category: { id: parent.id }, subCategory: { id: other.id } } });
});
