import { startTransition, useEffect, useRef } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { CONNECTION_SIZE_MAX, REPLY_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { ReplySection_post$key } from '../__generated__/ReplySection_post.graphql';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { ReplyForm } from './ReplyForm';
import { ReplyItem } from './ReplyItem';

/** The post's replies (with their answers), paged; arrives with the post in the detail's one request. */
export function ReplySection({ post, viewerId }: { post: ReplySection_post$key; viewerId: string | null }) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment ReplySection_post on Post
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
      @refetchable(queryName: "ReplySectionPaginationQuery") {
        id
        replyCount
        replies(first: $count, after: $cursor) @connection(key: "ReplySection_replies") @required(action: THROW) {
          __id
          edges {
            node {
              id
              ...ReplyItem_reply
            }
          }
        }
      }
    `,
    post,
  );
  const shown = data.replies.edges.length;
  const seen = useRef({ replyCount: data.replyCount, shown });
  useEffect(() => {
    // The live count (postChanged) rises when another member replies or answers while the post is open; with every
    // page already loaded nothing else would bring their reply, so the loaded replies are read again with room for
    // it. A reply of the viewer's own joins the list with its count and reads nothing.
    const previous = seen.current;
    seen.current = { replyCount: data.replyCount, shown };
    const unseen = data.replyCount - previous.replyCount - (shown - previous.shown);
    if (unseen <= 0 || hasNext) return;
    startTransition(() => {
      refetch({ count: Math.min(CONNECTION_SIZE_MAX, Math.max(shown, REPLY_PAGE_SIZE) + unseen) }, { fetchPolicy: 'network-only' });
    });
  }, [data.replyCount, shown, hasNext, refetch]);
  return (
    <section className="reply-section" aria-label={communityTexts.reply.title}>
      <h3 className="reply-section__title">
        {communityTexts.reply.title} <span data-testid="reply-count">{data.replyCount}</span>
      </h3>
      <ReplyForm postId={data.id} connectionId={data.replies.__id} />
      {data.replies.edges.length === 0 ? <p className="reply-section__empty">{communityTexts.reply.empty}</p> : null}
      <ul className="reply-list">
        {data.replies.edges.map((edge) => (
          <ReplyItem key={edge.node.id} reply={edge.node} postId={data.id} connectionId={data.replies.__id} viewerId={viewerId} />
        ))}
      </ul>
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: data.replies.edges.length }}
        count={REPLY_PAGE_SIZE}
        label={communityTexts.reply.more}
        className="button button--secondary reply-section__more"
      />
    </section>
  );
}
