import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { UpdatePostInput, useUpdatePostMutation as MutationType } from '../__generated__/useUpdatePostMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';

const mutation = graphql`
  mutation useUpdatePostMutation($input: UpdatePostInput!) {
    updatePost(input: $input) {
      __typename
      ... on UpdatePostPayload {
        post {
          id
          updatedAt
          ...PostCard_post
          ...PostDetail_post
          ...WritePage_post
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

/** The fields an edit changes at once in the store (000 §4 "Edit post: optimistic"). */
export interface OptimisticPostFields {
  title: string;
  content: string;
  price: number | null;
  location: string | null;
  isSold: boolean;
}

/**
 * Edits a post optimistically: title, content, trade fields and updatedAt change in the store at once,
 * everywhere the post shows; a failure rolls them back (Relay drops the optimistic update) and rejects.
 */
export function useUpdatePostMutation(): [(input: UpdatePostInput, optimistic: OptimisticPostFields) => Promise<unknown>, boolean] {
  const [commit, inFlight] = useTypedMutation<MutationType>(mutation, { payload: 'UpdatePostPayload' });
  const update = useCallback(
    (input: UpdatePostInput, optimistic: OptimisticPostFields) =>
      commit({
        variables: { input },
        optimisticUpdater: (store) => {
          const post = store.get(input.id);
          if (!post) return;
          post.setValue(optimistic.title, 'title');
          post.setValue(optimistic.content, 'content');
          post.setValue(optimistic.price, 'price');
          post.setValue(optimistic.location, 'location');
          post.setValue(optimistic.isSold, 'isSold');
          post.setValue(new Date().toISOString(), 'updatedAt');
        },
      }),
    [commit],
  );
  return [update, inFlight];
}
