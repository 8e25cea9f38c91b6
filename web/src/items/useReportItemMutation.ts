import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useReportItemMutation as ReportItemMutation } from '../__generated__/useReportItemMutation.graphql';
import { reportTexts } from '@domain/messages.js';
import type { ReportInput } from '../community/ReportModal';

/** Sends an item report; rejects with the gateway's message (e.g. a second report of the same item). */
export function useReportItemMutation() {
  const [commit] = useMutation<ReportItemMutation>(graphql`
    mutation useReportItemMutation($input: ReportItemInput!) {
      reportItem(input: $input) {
        __typename
        ... on ReportItemPayload {
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
    (itemId: string, { reason, reasonType }: ReportInput, context: { submitItem: string; contextId: string }) =>
      new Promise<void>((resolve, reject) => {
        commit({
          variables: { input: { itemId, reason, reasonType, submitItem: context.submitItem, contextId: context.contextId } },
          onCompleted: ({ reportItem: result }) => {
            if (result.__typename === 'ReportItemPayload') resolve();
            // One report per member and item (002 §5.1): the second one says so in the modal's words.
            else if ('code' in result && result.code === 'CONFLICT') reject(new Error(reportTexts.alreadyReported));
            else reject(new Error('message' in result ? result.message : ''));
          },
          onError: reject,
        });
      }),
    [commit],
  );
}
