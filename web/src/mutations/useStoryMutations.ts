import { useCallback } from 'react';
import { graphql, useMutation, type UseMutationConfig } from 'react-relay';
import type { Disposable, MutationParameters } from 'relay-runtime';
import { storyTexts } from '@domain/messages.js';
import type { StoryPrivacy, StoryType } from '../__generated__/useStoryMutationsCreateMutation.graphql';
import type { useStoryMutationsCreateMutation } from '../__generated__/useStoryMutationsCreateMutation.graphql';
import type { useStoryMutationsViewMutation } from '../__generated__/useStoryMutationsViewMutation.graphql';
import type { useStoryMutationsReactMutation, StoryReactionType } from '../__generated__/useStoryMutationsReactMutation.graphql';
import type { useStoryMutationsHideMutation } from '../__generated__/useStoryMutationsHideMutation.graphql';
import type { useStoryMutationsReportMutation } from '../__generated__/useStoryMutationsReportMutation.graphql';
import type { useStoryMutationsCreateHighlightMutation } from '../__generated__/useStoryMutationsCreateHighlightMutation.graphql';
import type { useStoryMutationsDeleteHighlightMutation } from '../__generated__/useStoryMutationsDeleteHighlightMutation.graphql';
import type { useStoryMutationsDeleteStoryMutation } from '../__generated__/useStoryMutationsDeleteStoryMutation.graphql';

type Failure = { readonly __typename: string; readonly message?: string; readonly issues?: ReadonlyArray<{ readonly message: string }> };

/** The Korean reason of a typed failure: its first issue, its message, or the given fallback. */
function reasonOf(result: Failure, fallback: string): string {
  return result.issues?.[0]?.message ?? result.message ?? fallback;
}

/**
 * Commits a mutation whose field answers its payload or a typed error, as a promise: it resolves when the field
 * (`outcomeOf`) is the `payload` type, and rejects with the Korean reason of anything else.
 */
function commitExpecting<M extends MutationParameters>(
  commit: (config: UseMutationConfig<M>) => Disposable,
  config: Omit<UseMutationConfig<M>, 'onCompleted' | 'onError'>,
  outcomeOf: (response: M['response']) => Failure,
  payload: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    commit({
      ...config,
      onCompleted: (response) => {
        const outcome = outcomeOf(response);
        if (outcome.__typename === payload) resolve();
        else reject(new Error(reasonOf(outcome, storyTexts.uploadFailed)));
      },
      onError: (error) => reject(new Error(error.message || storyTexts.uploadFailed)),
    });
  });
}

export function useCreateStoryMutation() {
  const [commit, inFlight] = useMutation<useStoryMutationsCreateMutation>(graphql`
    mutation useStoryMutationsCreateMutation($input: CreateStoryInput!) {
      createStory(input: $input) {
        __typename
        ... on CreateStoryPayload {
          story {
            id
          }
        }
        ... on ValidationError {
          issues {
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const create = useCallback(
    (media: File, input: { type: StoryType; caption?: string; privacy: StoryPrivacy }) =>
      commitExpecting(commit, { variables: { input: { ...input, media: null } }, uploadables: { 'input.media': media } }, (response) => response.createStory, 'CreateStoryPayload'),
    [commit],
  );
  return [create, inFlight] as const;
}

export function useViewStoryMutation() {
  const [commit] = useMutation<useStoryMutationsViewMutation>(graphql`
    mutation useStoryMutationsViewMutation($input: ViewStoryInput!) {
      viewStory(input: $input) {
        __typename
        ... on ViewStoryPayload {
          story {
            id
            isViewed
            viewCount
          }
        }
      }
    }
  `);
  return useCallback((storyId: string, duration: number, completionRate: number) => commit({ variables: { input: { storyId, duration, completionRate } } }), [commit]);
}

export function useReactToStoryMutation() {
  const [commit, inFlight] = useMutation<useStoryMutationsReactMutation>(graphql`
    mutation useStoryMutationsReactMutation($input: ReactToStoryInput!) {
      reactToStory(input: $input) {
        __typename
        ... on ReactToStoryPayload {
          story {
            id
            isLiked
            likeCount
          }
        }
        ... on ValidationError {
          issues {
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const react = useCallback(
    (storyId: string, type: StoryReactionType, comment?: string) =>
      commitExpecting(commit, { variables: { input: { storyId, type, comment } } }, (response) => response.reactToStory, 'ReactToStoryPayload'),
    [commit],
  );
  return [react, inFlight] as const;
}

export function useHideUserStoriesMutation() {
  const [commit] = useMutation<useStoryMutationsHideMutation>(graphql`
    mutation useStoryMutationsHideMutation($input: HideUserStoriesInput!) {
      hideUserStories(input: $input) {
        __typename
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    (userId: string) => commitExpecting(commit, { variables: { input: { userId } } }, (response) => response.hideUserStories, 'HideUserStoriesPayload'),
    [commit],
  );
}

export function useReportStoryMutation() {
  const [commit] = useMutation<useStoryMutationsReportMutation>(graphql`
    mutation useStoryMutationsReportMutation($input: ReportStoryInput!) {
      reportStory(input: $input) {
        __typename
        ... on ValidationError {
          issues {
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    (storyId: string, reason: string) => commitExpecting(commit, { variables: { input: { storyId, reason } } }, (response) => response.reportStory, 'ReportStoryPayload'),
    [commit],
  );
}

export function useCreateHighlightMutation() {
  const [commit] = useMutation<useStoryMutationsCreateHighlightMutation>(graphql`
    mutation useStoryMutationsCreateHighlightMutation($input: CreateHighlightInput!) {
      createHighlight(input: $input) {
        __typename
        ... on ValidationError {
          issues {
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    (title: string, storyIds: string[], isPrivate = false) => commitExpecting(commit, { variables: { input: { title, storyIds, isPrivate } } }, (response) => response.createHighlight, 'CreateHighlightPayload'),
    [commit],
  );
}

export function useDeleteHighlightMutation() {
  const [commit] = useMutation<useStoryMutationsDeleteHighlightMutation>(graphql`
    mutation useStoryMutationsDeleteHighlightMutation($input: DeleteHighlightInput!, $connections: [ID!]!) {
      deleteHighlight(input: $input) {
        __typename
        ... on DeleteHighlightPayload {
          deletedHighlightId @deleteEdge(connections: $connections)
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    (highlightId: string, connection: string) => commitExpecting(commit, { variables: { input: { highlightId }, connections: [connection] } }, (response) => response.deleteHighlight, 'DeleteHighlightPayload'),
    [commit],
  );
}

export function useDeleteStoryMutation() {
  const [commit] = useMutation<useStoryMutationsDeleteStoryMutation>(graphql`
    mutation useStoryMutationsDeleteStoryMutation($input: DeleteStoryInput!) {
      deleteStory(input: $input) {
        __typename
        ... on DeleteStoryPayload {
          deletedStoryId @deleteRecord
        }
        ... on Error {
          message
        }
      }
    }
  `);
  return useCallback(
    (storyId: string) => commitExpecting(commit, { variables: { input: { storyId } } }, (response) => response.deleteStory, 'DeleteStoryPayload'),
    [commit],
  );
}
