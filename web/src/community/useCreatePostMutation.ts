import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { CreatePostInput, useCreatePostMutation as MutationType } from '../__generated__/useCreatePostMutation.graphql';
import { discardCachedPostLists } from './postStoreUpdates';
import { MutationFailure, failureOf } from '../app/relay/mutationFailure';

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
      ... on ValidationError {
        issues {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Creates a post. The new post joins the top of the feed connections it is given at once, and every other
 * cached post list is discarded (000 §4) so it shows first wherever a list is opened next.
 */
export function useCreatePostMutation(): [(input: CreatePostInput, feedConnections: string[]) => Promise<string>, boolean] {
  const [commit, inFlight] = useMutation<MutationType>(mutation);
  const create = useCallback(
    (input: CreatePostInput, feedConnections: string[]) =>
      new Promise<string>((resolve, reject) => {
        commit({
          variables: { input, connections: feedConnections },
          updater: (store, response) => {
            if (response?.createPost.__typename === 'CreatePostPayload') discardCachedPostLists(store);
          },
          onCompleted: ({ createPost: result }) => {
            if (result.__typename === 'CreatePostPayload' && result.post) resolve(result.post.id);
            else reject(failureOf(result));
          },
          onError: (error) => reject(new MutationFailure(error.message)),
        });
      }),
    [commit],
  );
  return [create, inFlight];
}
