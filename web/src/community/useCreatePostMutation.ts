import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { CreatePostInput, useCreatePostMutation as MutationType } from '../__generated__/useCreatePostMutation.graphql';
import { discardCachedPostLists } from './postStoreUpdates';
import { MutationFailure } from '../app/relay/mutationFailure';
import { useIdempotencyKey } from '../app/relay/useIdempotencyKey';
import { useTypedMutation } from '../app/relay/useTypedMutation';

const mutation = graphql`
  mutation useCreatePostMutation($input: CreatePostInput!, $connections: [ID!]!) {
    createPost(input: $input) {
      __typename
      ... on CreatePostPayload {
        post @prependNode(connections: $connections, edgeTypeName: "PostEdge") {
          id
          ...PostCard_post
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

/**
 * Creates a post. The new post joins the top of the feed connections it is given at once, and every other
 * cached post list is discarded (000 §4) so it shows first wherever a list is opened next. The same post sent
 * again (a double click, a retry) carries the same idempotency key, so it is saved once.
 */
export function useCreatePostMutation(): [(input: CreatePostInput, feedConnections: string[]) => Promise<string>, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, { payload: 'CreatePostPayload' });
  const keys = useIdempotencyKey();
  const create = useCallback(
    async (input: CreatePostInput, feedConnections: string[]) => {
      const { post } = await commit({
        variables: { input: { ...input, idempotencyKey: keys.keyFor(input) }, connections: feedConnections },
        updater: (store, response) => {
          if (response?.createPost.__typename === 'CreatePostPayload') discardCachedPostLists(store);
        },
      });
      if (!post) throw new MutationFailure('');
      keys.succeeded();
      return post.id;
    },
    [commit, keys],
  );
  return [create, inFlight];
}
