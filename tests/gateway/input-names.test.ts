import { encodeGlobalID } from '@pothos/plugin-relay';
import { isInputObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationTexts } from '../../domain/index.js';
import { schema } from '../../gateway/src/graphql/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
let token: string;

beforeAll(async () => {
  token = await stack.upstream.issueToken(2);
});

const BOOKMARK = /* GraphQL */ `
  mutation ($input: BookmarkPostInput!) {
    bookmarkPost(input: $input) {
      __typename
      ... on BookmarkPostPayload { post { id isBookmarked } }
      ... on ValidationError { issues { path message } }
    }
  }
`;

describe('the object a mutation acts on is `id`; the former names stay, deprecated with a removal date', () => {
  it('marks every former name deprecated with its removal date', () => {
    const former = Object.values(schema.getTypeMap())
      .filter(isInputObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((field) => ({ at: `${type.name}.${field.name}`, reason: field.deprecationReason })))
      .filter((field) => field.reason);
    expect(former.map((field) => field.at)).toEqual(
      expect.arrayContaining([
        'DeleteStoryInput.storyId',
        'RemoveWishInput.wishId',
        'RemoveWishesInput.wishIds',
        'BookmarkPostInput.postId',
        'DeleteReplyInput.postId',
      ]),
    );
    for (const { reason } of former) expect(reason).toMatch(/Removal after \d{4}-\d{2}-\d{2}\.$/);
    expect(former.find((field) => field.at === 'DeleteStoryInput.storyId')?.reason).toBe('Use id. Removal after 2027-03-01.');
  });

  it('accepts `id`, and the former name from clients not moved yet', async () => {
    const post = encodeGlobalID('Post', 1);
    const byId = await stack.graphql(BOOKMARK, { input: { id: post } }, token);
    expect(byId.data.bookmarkPost).toEqual({ __typename: 'BookmarkPostPayload', post: { id: post, isBookmarked: true } });
    const byFormerName = await stack.graphql(BOOKMARK, { input: { postId: post } }, token);
    expect(byFormerName.data.bookmarkPost).toEqual({ __typename: 'BookmarkPostPayload', post: { id: post, isBookmarked: true } });
  });

  it('refuses neither, or both naming different objects, with a Korean message on input.id', async () => {
    const neither = await stack.graphql(BOOKMARK, { input: {} }, token);
    expect(neither.data.bookmarkPost).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'id'], message: validationTexts.idRequired }] });
    const both = await stack.graphql(BOOKMARK, { input: { id: encodeGlobalID('Post', 1), postId: encodeGlobalID('Post', 2) } }, token);
    expect(both.data.bookmarkPost).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'id'], message: validationTexts.idConflict('postId') }],
    });
  });
});
