import { useCallback } from 'react';
import { graphql } from 'react-relay';
import { storyTexts } from '@domain/messages.js';
import type { StoryPrivacy, StoryType, useStoryMutationsCreateMutation } from '../__generated__/useStoryMutationsCreateMutation.graphql';
import type { useStoryMutationsViewMutation } from '../__generated__/useStoryMutationsViewMutation.graphql';
import type { useStoryMutationsReactMutation, StoryReactionType } from '../__generated__/useStoryMutationsReactMutation.graphql';
import type { useStoryMutationsHideMutation } from '../__generated__/useStoryMutationsHideMutation.graphql';
import type { useStoryMutationsUnhideMutation } from '../__generated__/useStoryMutationsUnhideMutation.graphql';
import type { useStoryMutationsUnlikeMutation } from '../__generated__/useStoryMutationsUnlikeMutation.graphql';
import type { useStoryMutationsSetCloseFriendsMutation } from '../__generated__/useStoryMutationsSetCloseFriendsMutation.graphql';
import type { useStoryMutationsReportMutation } from '../__generated__/useStoryMutationsReportMutation.graphql';
import type { useStoryMutationsCreateHighlightMutation } from '../__generated__/useStoryMutationsCreateHighlightMutation.graphql';
import type { useStoryMutationsDeleteHighlightMutation } from '../__generated__/useStoryMutationsDeleteHighlightMutation.graphql';
import type { useStoryMutationsDeleteStoryMutation } from '../__generated__/useStoryMutationsDeleteStoryMutation.graphql';
import { useIdempotencyKey } from '../app/relay/useIdempotencyKey';
import { useTypedMutation } from '../app/relay/useTypedMutation';

/** What a story mutation says when its refusal or failed request gives no reason. */
const failureText = storyTexts.uploadFailed;

export function useCreateStoryMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsCreateMutation>(
    graphql`
      mutation useStoryMutationsCreateMutation($input: CreateStoryInput!) {
        createStory(input: $input) {
          __typename
          ... on CreateStoryPayload {
            story {
              id
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'CreateStoryPayload', failureText },
  );
  const keys = useIdempotencyKey();
  const create = useCallback(
    async (media: File, input: { type: StoryType; caption?: string; privacy: StoryPrivacy }) => {
      const idempotencyKey = keys.keyFor({ ...input, media: [media.name, media.size, media.lastModified] });
      const answer = await commit({ variables: { input: { ...input, media: null, idempotencyKey } }, uploadables: { 'input.media': media } });
      keys.succeeded();
      return answer;
    },
    [commit, keys],
  );
  return [create, inFlight] as const;
}

export function useViewStoryMutation() {
  const [commit] = useTypedMutation<useStoryMutationsViewMutation>(
    graphql`
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
    `,
    { payload: 'ViewStoryPayload', failureText },
  );
  return useCallback(
    (storyId: string, duration: number, completionRate: number) =>
      void commit({ variables: { input: { id: storyId, duration, completionRate } } }).catch(() => undefined),
    [commit],
  );
}

export function useReactToStoryMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsReactMutation>(
    graphql`
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
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ReactToStoryPayload', failureText },
  );
  const react = useCallback(
    (storyId: string, type: StoryReactionType, text?: { comment?: string; emoji?: string }) => commit({ variables: { input: { id: storyId, type, ...text } } }),
    [commit],
  );
  return [react, inFlight] as const;
}

/** Takes back the viewer's like: the answered story's `isLiked` and `likeCount` update every screen showing it. */
export function useUnlikeStoryMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsUnlikeMutation>(
    graphql`
      mutation useStoryMutationsUnlikeMutation($input: UnlikeStoryInput!) {
        unlikeStory(input: $input) {
          __typename
          ... on UnlikeStoryPayload {
            story {
              id
              isLiked
              likeCount
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UnlikeStoryPayload', failureText },
  );
  const unlike = useCallback((storyId: string) => commit({ variables: { input: { id: storyId } } }), [commit]);
  return [unlike, inFlight] as const;
}

export function useHideUserStoriesMutation() {
  const [commit] = useTypedMutation<useStoryMutationsHideMutation>(
    graphql`
      mutation useStoryMutationsHideMutation($input: HideUserStoriesInput!) {
        hideUserStories(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'HideUserStoriesPayload', failureText },
  );
  return useCallback(
    (userId: string) =>
      commit({
        variables: { input: { userId } },
        // The member leaves the tray the viewer returns to (the tray reads the first page of groups).
        updater: (store) => {
          const groups = store.getRoot().getLinkedRecord('storyGroups', { first: 20 });
          const edges = groups?.getLinkedRecords('edges');
          if (!groups || !edges) return;
          groups.setLinkedRecords(
            edges.filter((edge) => edge?.getLinkedRecord('node')?.getLinkedRecord('user')?.getDataID() !== userId),
            'edges',
          );
        },
      }),
    [commit],
  );
}

/** Shows a hidden member's stories again (in the tray from the next visit). */
export function useUnhideUserStoriesMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsUnhideMutation>(
    graphql`
      mutation useStoryMutationsUnhideMutation($input: UnhideUserStoriesInput!) {
        unhideUserStories(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UnhideUserStoriesPayload', failureText },
  );
  const unhide = useCallback((userId: string) => commit({ variables: { input: { userId } } }), [commit]);
  return [unhide, inFlight] as const;
}

export function useReportStoryMutation() {
  const [commit] = useTypedMutation<useStoryMutationsReportMutation>(
    graphql`
      mutation useStoryMutationsReportMutation($input: ReportStoryInput!) {
        reportStory(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'ReportStoryPayload', failureText },
  );
  return useCallback((storyId: string, reason: string) => commit({ variables: { input: { id: storyId, reason } } }), [commit]);
}

export function useCreateHighlightMutation() {
  const [commit] = useTypedMutation<useStoryMutationsCreateHighlightMutation>(
    graphql`
      mutation useStoryMutationsCreateHighlightMutation($input: CreateHighlightInput!) {
        createHighlight(input: $input) {
          __typename
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'CreateHighlightPayload', failureText },
  );
  return useCallback((title: string, storyIds: string[], isPrivate = false) => commit({ variables: { input: { title, storyIds, isPrivate } } }), [commit]);
}

export function useDeleteHighlightMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsDeleteHighlightMutation>(
    graphql`
      mutation useStoryMutationsDeleteHighlightMutation($input: DeleteHighlightInput!, $connections: [ID!]!) {
        deleteHighlight(input: $input) {
          __typename
          ... on DeleteHighlightPayload {
            deletedHighlightId @deleteEdge(connections: $connections)
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteHighlightPayload', failureText },
  );
  const remove = useCallback(
    (highlightId: string, connection: string) => commit({ variables: { input: { id: highlightId }, connections: [connection] } }),
    [commit],
  );
  return [remove, inFlight] as const;
}

export function useDeleteStoryMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsDeleteStoryMutation>(
    graphql`
      mutation useStoryMutationsDeleteStoryMutation($input: DeleteStoryInput!) {
        deleteStory(input: $input) {
          __typename
          ... on DeleteStoryPayload {
            deletedStoryId @deleteRecord
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'DeleteStoryPayload', failureText },
  );
  const remove = useCallback((storyId: string) => commit({ variables: { input: { id: storyId } } }), [commit]);
  return [remove, inFlight] as const;
}

/** Replaces the member's close friends; the viewer's `closeFriends` in the store becomes the answered list. */
export function useSetCloseFriendsMutation() {
  const [commit, inFlight] = useTypedMutation<useStoryMutationsSetCloseFriendsMutation>(
    graphql`
      mutation useStoryMutationsSetCloseFriendsMutation($input: SetCloseFriendsInput!) {
        setCloseFriends(input: $input) {
          __typename
          ... on SetCloseFriendsPayload {
            closeFriends {
              id
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'SetCloseFriendsPayload', failureText },
  );
  const save = useCallback(
    (userIds: string[]) =>
      commit({
        variables: { input: { userIds } },
        updater: (store) => {
          const friends = store.getRootField('setCloseFriends')?.getLinkedRecords('closeFriends');
          const viewer = store.getRoot().getLinkedRecord('viewer');
          if (friends && viewer) viewer.setLinkedRecords(friends, 'closeFriends');
        },
      }),
    [commit],
  );
  return [save, inFlight] as const;
}
