import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { CreatePostInput, useCreatePostMutation as MutationType } from '../__generated__/useCreatePostMutation.graphql';
import { discardCachedPostLists } from './postStoreUpdates';
import { MutationFailure } from '../app/relay/mutationFailure';
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
 * cached post list is discarded (000 §4) so it shows first wherever a list is opened next.
 */
export function useCreatePostMutation(): [(input: CreatePostInput, feedConnections: string[]) => Promise<string>, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, { payload: 'CreatePostPayload' });
  const create = useCallback(
    async (input: CreatePostInput, feedConnections: string[]) => {
      const { post } = await commit({
        variables: { input, connections: feedConnections },
        updater: (store, response) => {
          if (response?.createPost.__typename === 'CreatePostPayload') discardCachedPostLists(store);
        },
      });
      if (!post) throw new MutationFailure('');
      return post.id;
    },
    [commit],
  );
  return [create, inFlight];
}
