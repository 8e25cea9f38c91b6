import { useMemo } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { REPLY_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { ReplySection_post$key } from '../__generated__/ReplySection_post.graphql';
import ReplySectionPaginationQuery from '../__generated__/ReplySectionPaginationQuery.graphql';
import { useReplyAdded } from '../messaging/useReplyAdded';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { ReplyForm } from './ReplyForm';
import { ReplyItem } from './ReplyItem';
import { useLoadUntilShown, useReplyTarget } from './replyReveal';
import { useNewerReplies } from './useNewerReplies';

/** The post's replies (with their answers), paged; arrives with the post in the detail's one request, and live after. */
export function ReplySection({ post, viewerId }: { post: ReplySection_post$key; viewerId: string | null }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment ReplySection_post on Post
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
      @refetchable(queryName: "ReplySectionPaginationQuery") {
        id
        replyCount
        replies(first: $count, after: $cursor) @connection(key: "ReplySection_replies") @required(action: THROW) {
          __id
          pageInfo {
            endCursor
          }
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
  // Answers go to their thread's ReplyItem (each keeps its reader here while it is on screen), replies to this list.
  const liveThreads = useMemo(() => new Map<string, (replyId: string) => void>(), []);
  const announceReply = useNewerReplies({
    query: ReplySectionPaginationQuery,
    ownerId: data.id,
    connectionId: data.replies.__id,
    endCursor: data.replies.pageInfo.endCursor,
    hasNext,
    isLoadingNext,
    shownIds: data.replies.edges.map((edge) => edge.node.id),
    pageSize: REPLY_PAGE_SIZE,
  });
  // Opened at a reply (a notification's link): the list's pages load until its thread is shown.
  const target = useReplyTarget();
  useLoadUntilShown(target?.threadId, {
    shownIds: data.replies.edges.map((edge) => edge.node.id),
    hasNext,
    isLoadingNext,
    loadNext,
    pageSize: REPLY_PAGE_SIZE,
  });
  useReplyAdded(data.id, ({ replyId, threadId }) => (threadId === null ? announceReply(replyId) : liveThreads.get(threadId)?.(replyId)));
  return (
    <section className="reply-section" aria-label={communityTexts.reply.title}>
      <h2 className="reply-section__title">
        {communityTexts.reply.title} <span data-testid="reply-count">{data.replyCount}</span>
      </h2>
      <ReplyForm postId={data.id} connectionId={data.replies.__id} />
      {data.replies.edges.length === 0 ? (
        <p className="reply-section__empty">{data.replyCount > 0 ? communityTexts.reply.hiddenOnly : communityTexts.reply.empty}</p>
      ) : null}
      <ul className="reply-list">
        {data.replies.edges.map((edge) => (
          <ReplyItem key={edge.node.id} reply={edge.node} postId={data.id} connectionId={data.replies.__id} viewerId={viewerId} liveThreads={liveThreads} />
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
