import { useEffect, useRef } from 'react';
import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { CONNECTION_SIZE_MAX, REPLY_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { ReplySection_post$key } from '../__generated__/ReplySection_post.graphql';
import ReplySectionPaginationQuery from '../__generated__/ReplySectionPaginationQuery.graphql';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { ReplyForm } from './ReplyForm';
import { ReplyItem } from './ReplyItem';

/** The post's replies (with their answers), paged; arrives with the post in the detail's one request. */
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
  const environment = useRelayEnvironment();
  const shown = data.replies.edges.length;
  const seen = useRef({ replyCount: data.replyCount, shown });
  useEffect(() => {
    // The live count (postChanged) rises when another member replies or answers while the post is open. With every
    // page loaded nothing else would bring a new reply, so the replies after the last one shown are asked for, as
    // 더 보기 would (answers open under their reply stay as they are). A reply of the viewer's own joins the list
    // with its count and asks for nothing.
    const previous = seen.current;
    seen.current = { replyCount: data.replyCount, shown };
    const unseen = data.replyCount - previous.replyCount - (shown - previous.shown);
    if (unseen <= 0 || hasNext || isLoadingNext) return;
    const variables = { id: data.id, count: Math.min(CONNECTION_SIZE_MAX, unseen), cursor: data.replies.pageInfo.endCursor ?? null };
    // Run on the environment directly, as 더 보기's own read is (react-relay's fetchQuery is not in the app's bundle).
    const operation = createOperationDescriptor(getRequest(ReplySectionPaginationQuery), variables);
    // Not cancelled by the next change of count: a reply arriving meanwhile must not cancel the read of the one before.
    environment.execute({ operation }).subscribe({});
  }, [data.replyCount, shown, hasNext, isLoadingNext, data.id, data.replies.pageInfo.endCursor, environment]);
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
