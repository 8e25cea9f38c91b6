import { useEffect, useMemo, useRef } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useReplyAddedSubscription } from '../__generated__/useReplyAddedSubscription.graphql';

/** A reply written on the post while it is open: its id and, for an answer, the id of the thread it joins. */
export interface ReplyArrival {
  replyId: string;
  threadId: string | null;
}

/**
 * Hears each reply written on a post while it is on screen (the gateway's `replyAdded`), by id only: the caller reads
 * it into its list as that list reads a next page, so a reply the viewer may not see (a block) never shows.
 */
export function useReplyAdded(postId: string, onArrival: (arrival: ReplyArrival) => void) {
  const latest = useRef(onArrival);
  useEffect(() => {
    latest.current = onArrival;
  });
  const config = useMemo<GraphQLSubscriptionConfig<useReplyAddedSubscription>>(
    () => ({
      subscription: graphql`
        subscription useReplyAddedSubscription($postId: ID!) {
          replyAdded(postId: $postId) {
            post {
              id
              replyCount
            }
            reply {
              id
            }
            thread {
              id
            }
          }
        }
      `,
      variables: { postId },
      onNext: (data) => {
        const reply = data?.replyAdded.reply;
        if (reply) latest.current({ replyId: reply.id, threadId: data.replyAdded.thread?.id ?? null });
      },
    }),
    [postId],
  );
  useSubscription(config);
}
