import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { communityTexts } from '@domain/messages.js';
import type { useToggleBookmarkMutationBookmarkMutation as BookmarkMutation } from '../__generated__/useToggleBookmarkMutationBookmarkMutation.graphql';
import type { useToggleBookmarkMutationUnbookmarkMutation as UnbookmarkMutation } from '../__generated__/useToggleBookmarkMutationUnbookmarkMutation.graphql';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { useToast } from '../ui/toast/ToastProvider';

const bookmarkMutation = graphql`
  mutation useToggleBookmarkMutationBookmarkMutation($input: BookmarkPostInput!) {
    bookmarkPost(input: $input) {
      __typename
      ... on BookmarkPostPayload {
        post {
          id
          isBookmarked
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

const unbookmarkMutation = graphql`
  mutation useToggleBookmarkMutationUnbookmarkMutation($input: UnbookmarkPostInput!) {
    unbookmarkPost(input: $input) {
      __typename
      ... on UnbookmarkPostPayload {
        post {
          id
          isBookmarked
        }
      }
      ...useTypedMutation_failure @alias(as: "failure")
    }
  }
`;

const options = { requestFailureText: communityTexts.bookmark.failed, failureText: communityTexts.bookmark.failed } as const;

/**
 * Bookmarks a post or takes the bookmark back. The answer's post (id, isBookmarked) lands in the Relay store, so the
 * detail's toggle and the /my/bookmarks list (which shows only posts still bookmarked) agree at once; the optimistic
 * answer shows the change before the server's, and a failure puts it back and says so in a toast.
 */
export function useToggleBookmarkMutation(): [(post: { id: string; isBookmarked: boolean }) => void, boolean] {
  const [bookmark, bookmarking] = useTypedMutation<BookmarkMutation>(bookmarkMutation, { payload: 'BookmarkPostPayload', ...options });
  const [unbookmark, unbookmarking] = useTypedMutation<UnbookmarkMutation>(unbookmarkMutation, { payload: 'UnbookmarkPostPayload', ...options });
  const toast = useToast();
  const toggle = useCallback(
    ({ id, isBookmarked }: { id: string; isBookmarked: boolean }) => {
      const variables = { input: { id } };
      const post = { id, isBookmarked: !isBookmarked };
      const done = isBookmarked
        ? unbookmark({ variables, optimisticResponse: { unbookmarkPost: { __typename: 'UnbookmarkPostPayload', post } } })
        : bookmark({ variables, optimisticResponse: { bookmarkPost: { __typename: 'BookmarkPostPayload', post } } });
      done.catch((error: Error) => toast.show(error.message || communityTexts.bookmark.failed, 'error'));
    },
    [bookmark, unbookmark, toast],
  );
  return [toggle, bookmarking || unbookmarking];
}
