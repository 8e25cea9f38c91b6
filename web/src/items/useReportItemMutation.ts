import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { useReportItemMutation as ReportItemMutation } from '../__generated__/useReportItemMutation.graphql';
import { REPORT_CODE_TEXTS, type ReportInput } from '../community/ReportModal';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** Sends an item report; rejects with the gateway's message, or the modal's own on a second report of the item. */
export function useReportItemMutation() {
  const [commit] = useTypedMutation<ReportItemMutation>(
    graphql`
      mutation useReportItemMutation($input: ReportItemInput!) {
        reportItem(input: $input) {
          __typename
          ... on ReportItemPayload {
            reportId
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ReportItemPayload', codeTexts: REPORT_CODE_TEXTS },
  );
  return useCallback(
    (itemId: string, { reason, reasonType }: ReportInput, context: { submitItem: string; contextId: string }) =>
      commit({ variables: { input: { id: itemId, reason, reasonType, submitItem: context.submitItem, contextId: context.contextId } } }),
    [commit],
  );
}
