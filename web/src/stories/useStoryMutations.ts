import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { storyTexts } from '@domain/messages.js';
import type { StoryPrivacy, StoryType, useStoryMutationsCreateMutation } from '../__generated__/useStoryMutationsCreateMutation.graphql';
import type { useStoryMutationsViewMutation } from '../__generated__/useStoryMutationsViewMutation.graphql';
import type { useStoryMutationsReactMutation, StoryReactionType } from '../__generated__/useStoryMutationsReactMutation.graphql';
import type { useStoryMutationsHideMutation } from '../__generated__/useStoryMutationsHideMutation.graphql';
import type { useStoryMutationsReportMutation } from '../__generated__/useStoryMutationsReportMutation.graphql';
import type { useStoryMutationsCreateHighlightMutation } from '../__generated__/useStoryMutationsCreateHighlightMutation.graphql';
import type { useStoryMutationsDeleteHighlightMutation } from '../__generated__/useStoryMutationsDeleteHighlightMutation.graphql';
import type { useStoryMutationsDeleteStoryMutation } from '../__generated__/useStoryMutationsDeleteStoryMutation.graphql';
import { commitExpecting } from '../app/relay/mutationFailure';

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
      commitExpecting(
        commit,
        { variables: { input: { ...input, media: null } }, uploadables: { 'input.media': media } },
        (response) => response.createStory,
        'CreateStoryPayload',
        storyTexts.uploadFailed,
      ),
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
  return useCallback(
    (storyId: string, duration: number, completionRate: number) => commit({ variables: { input: { storyId, duration, completionRate } } }),
    [commit],
  );
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
      commitExpecting(
        commit,
        { variables: { input: { storyId, type, comment } } },
        (response) => response.reactToStory,
        'ReactToStoryPayload',
        storyTexts.uploadFailed,
      ),
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
    (userId: string) =>
      commitExpecting(commit, { variables: { input: { userId } } }, (response) => response.hideUserStories, 'HideUserStoriesPayload', storyTexts.uploadFailed),
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
    (storyId: string, reason: string) =>
      commitExpecting(commit, { variables: { input: { storyId, reason } } }, (response) => response.reportStory, 'ReportStoryPayload', storyTexts.uploadFailed),
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
    (title: string, storyIds: string[], isPrivate = false) =>
      commitExpecting(
        commit,
        { variables: { input: { title, storyIds, isPrivate } } },
        (response) => response.createHighlight,
        'CreateHighlightPayload',
        storyTexts.uploadFailed,
      ),
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
    (highlightId: string, connection: string) =>
      commitExpecting(
        commit,
        { variables: { input: { highlightId }, connections: [connection] } },
        (response) => response.deleteHighlight,
        'DeleteHighlightPayload',
        storyTexts.uploadFailed,
      ),
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
    (storyId: string) =>
      commitExpecting(commit, { variables: { input: { storyId } } }, (response) => response.deleteStory, 'DeleteStoryPayload', storyTexts.uploadFailed),
    [commit],
  );
}
