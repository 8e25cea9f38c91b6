import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { usePostModerationMutationsBlockPostMutation as BlockPostMutation } from '../__generated__/usePostModerationMutationsBlockPostMutation.graphql';
import type { usePostModerationMutationsBlockUserMutation as BlockUserMutation } from '../__generated__/usePostModerationMutationsBlockUserMutation.graphql';
import type { usePostModerationMutationsDeleteMutation as DeleteMutation } from '../__generated__/usePostModerationMutationsDeleteMutation.graphql';
import type { usePostModerationMutationsReportMutation as ReportMutation } from '../__generated__/usePostModerationMutationsReportMutation.graphql';
import { REPORT_CODE_TEXTS, type ReportInput } from './ReportModal';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { discardCachedPostLists } from './postStoreUpdates';

/** Deletes the author's post; the deleted record leaves the store and the cached post lists are discarded. */
export function useDeletePostMutation(): (postId: string) => Promise<unknown> {
  const [commit] = useTypedMutation<DeleteMutation>(
    graphql`
      mutation usePostModerationMutationsDeleteMutation($input: DeletePostInput!) {
        deletePost(input: $input) {
          __typename
          ... on DeletePostPayload {
            deletedPostId
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeletePostPayload' },
  );
  return useCallback(
    (postId: string) =>
      commit({
        variables: { input: { id: postId } },
        updater: (store, response) => {
          if (response?.deletePost.__typename === 'DeletePostPayload') discardCachedPostLists(store);
        },
      }),
    [commit],
  );
}

/** Reports a post with the modal's reason; a second report rejects with the modal's "already reported" text. */
export function useReportPostMutation(): (postId: string, report: ReportInput) => Promise<unknown> {
  const [commit] = useTypedMutation<ReportMutation>(
    graphql`
      mutation usePostModerationMutationsReportMutation($input: ReportPostInput!) {
        reportPost(input: $input) {
          __typename
          ... on ReportPostPayload {
            reportId
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ReportPostPayload', codeTexts: REPORT_CODE_TEXTS },
  );
  return useCallback((postId: string, { reason, reasonType }: ReportInput) => commit({ variables: { input: { id: postId, reason, reasonType } } }), [commit]);
}

/** Hides a post from the member's lists and search; the cached lists are discarded so it is gone from them. */
export function useBlockPostMutation(): (postId: string) => Promise<unknown> {
  const [commit] = useTypedMutation<BlockPostMutation>(
    graphql`
      mutation usePostModerationMutationsBlockPostMutation($input: BlockPostInput!) {
        blockPost(input: $input) {
          __typename
          ... on BlockPostPayload {
            blockedPost {
              id
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'BlockPostPayload' },
  );
  return useCallback(
    (postId: string) =>
      commit({
        variables: { input: { id: postId } },
        updater: (store, response) => {
          if (response?.blockPost.__typename === 'BlockPostPayload') discardCachedPostLists(store);
        },
      }),
    [commit],
  );
}

/** Blocks a member: their posts leave the feed and search, so the cached lists are discarded. */
export function useBlockUserMutation(): (userId: string) => Promise<unknown> {
  const [commit] = useTypedMutation<BlockUserMutation>(
    graphql`
      mutation usePostModerationMutationsBlockUserMutation($input: BlockUserInput!) {
        blockUser(input: $input) {
          __typename
          ... on BlockUserPayload {
            blockedUser {
              id
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'BlockUserPayload' },
  );
  return useCallback(
    (userId: string) =>
      commit({
        variables: { input: { id: userId } },
        updater: (store, response) => {
          if (response?.blockUser.__typename !== 'BlockUserPayload') return;
          store.get(userId)?.setValue(true, 'isBlocked');
          discardCachedPostLists(store);
        },
      }),
    [commit],
  );
}
