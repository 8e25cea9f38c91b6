import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { reportTexts } from '@domain/messages.js';
import type { usePostModerationMutationsBlockPostMutation as BlockPostMutation } from '../__generated__/usePostModerationMutationsBlockPostMutation.graphql';
import type { usePostModerationMutationsBlockUserMutation as BlockUserMutation } from '../__generated__/usePostModerationMutationsBlockUserMutation.graphql';
import type { usePostModerationMutationsDeleteMutation as DeleteMutation } from '../__generated__/usePostModerationMutationsDeleteMutation.graphql';
import type { usePostModerationMutationsReportMutation as ReportMutation } from '../__generated__/usePostModerationMutationsReportMutation.graphql';
import type { ReportInput } from './ReportModal';
import { MutationFailure, commitExpecting, failureOf } from '../app/relay/mutationFailure';
import { discardCachedPostLists } from './postStoreUpdates';

/** Deletes the author's post; the deleted record leaves the store and the cached post lists are discarded. */
export function useDeletePostMutation(): (postId: string) => Promise<void> {
  const [commit] = useMutation<DeleteMutation>(graphql`
    mutation usePostModerationMutationsDeleteMutation($input: DeletePostInput!) {
      deletePost(input: $input) {
        __typename
        ... on DeletePostPayload {
          deletedPostId
        }
        ... on Error {
          message
          code
        }
      }
    }
  `);
  return useCallback(
    (postId: string) =>
      commitExpecting(
        commit,
        {
          variables: { input: { id: postId } },
          updater: (store, response) => {
            if (response?.deletePost.__typename === 'DeletePostPayload') discardCachedPostLists(store);
          },
        },
        (response) => response.deletePost,
        'DeletePostPayload',
      ),
    [commit],
  );
}

/** Reports a post with the modal's reason; a second report rejects with the modal's "already reported" text. */
export function useReportPostMutation(): (postId: string, report: ReportInput) => Promise<void> {
  const [commit] = useMutation<ReportMutation>(graphql`
    mutation usePostModerationMutationsReportMutation($input: ReportPostInput!) {
      reportPost(input: $input) {
        __typename
        ... on ReportPostPayload {
          reportId
        }
        ... on Error {
          message
          code
        }
      }
    }
  `);
  return useCallback(
    (postId: string, { reason, reasonType }: ReportInput) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { id: postId, reason, reasonType } },
          onCompleted: ({ reportPost: result }) => {
            if (result.__typename === 'ReportPostPayload') resolve();
            // One report per member and post (002 §5.1): the modal says so in its own words.
            else if ('code' in result && result.code === 'CONFLICT') reject(new Error(reportTexts.alreadyReported));
            else reject(failureOf(result));
          },
          onError: (error) => reject(new MutationFailure(error.message)),
        });
      }),
    [commit],
  );
}

/** Hides a post from the member's lists and search; the cached lists are discarded so it is gone from them. */
export function useBlockPostMutation(): (postId: string) => Promise<void> {
  const [commit] = useMutation<BlockPostMutation>(graphql`
    mutation usePostModerationMutationsBlockPostMutation($input: BlockPostInput!) {
      blockPost(input: $input) {
        __typename
        ... on BlockPostPayload {
          blockedPostId
        }
        ... on Error {
          message
          code
        }
      }
    }
  `);
  return useCallback(
    (postId: string) =>
      commitExpecting(
        commit,
        {
          variables: { input: { id: postId } },
          updater: (store, response) => {
            if (response?.blockPost.__typename === 'BlockPostPayload') discardCachedPostLists(store);
          },
        },
        (response) => response.blockPost,
        'BlockPostPayload',
      ),
    [commit],
  );
}

/** Blocks a member: their posts leave the feed and search, so the cached lists are discarded. */
export function useBlockUserMutation(): (userId: string) => Promise<void> {
  const [commit] = useMutation<BlockUserMutation>(graphql`
    mutation usePostModerationMutationsBlockUserMutation($input: BlockUserInput!) {
      blockUser(input: $input) {
        __typename
        ... on BlockUserPayload {
          blockedUserId
        }
        ... on Error {
          message
          code
        }
      }
    }
  `);
  return useCallback(
    (userId: string) =>
      commitExpecting(
        commit,
        {
          variables: { input: { userId } },
          updater: (store, response) => {
            if (response?.blockUser.__typename !== 'BlockUserPayload') return;
            store.get(userId)?.setValue(true, 'isBlocked');
            discardCachedPostLists(store);
          },
        },
        (response) => response.blockUser,
        'BlockUserPayload',
      ),
    [commit],
  );
}
