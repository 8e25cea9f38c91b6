import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import { REPLY_ANSWERS_PAGE_SIZE } from '@domain/limits.js';
import { communityTexts, replyLinkTexts, uiTexts } from '@domain/messages.js';
import type { ReplyItem_reply$key } from '../__generated__/ReplyItem_reply.graphql';
import type { ReplyItemBody_reply$key } from '../__generated__/ReplyItemBody_reply.graphql';
import ReplyItemAnswersPaginationQuery from '../__generated__/ReplyItemAnswersPaginationQuery.graphql';
import { HeartIcon } from '../ui/icons';
import { useDeleteReplyMutation } from './useDeleteReplyMutation';
import { useToggleReplyLikeMutation } from './useToggleReplyLikeMutation';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { useToast } from '../ui/toast/ToastProvider';
import { useMemberAction } from '../accounts/useMemberAction';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { ReplyForm, ReplyTextBox, replyContentError } from './ReplyForm';
import { useNewerReplies } from './useNewerReplies';
import { useLoadUntilShown, useReplyTarget, useRevealedReply } from './replyReveal';
import { useUpdateReplyMutation } from './useUpdateReplyMutation';

interface ReplyContext {
  postId: string;
  viewerId: string | null;
}

/**
 * A top-level reply and its answers (answers stay one level deep, as the API threads them): the first page arrives
 * with the reply, 답글 N개 더보기 loads the next one by refetching this reply.
 */
export function ReplyItem({
  reply,
  connectionId,
  liveThreads,
  ...context
}: ReplyContext & {
  reply: ReplyItem_reply$key;
  connectionId: string;
  /** Where this thread leaves its reader of answers written live (ReplySection hands it each `replyAdded` answer). */
  liveThreads: Map<string, (replyId: string) => void>;
}) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment ReplyItem_reply on Reply
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "ReplyItemAnswersPaginationQuery") {
        id
        ...ReplyItemBody_reply
        replies(first: $count, after: $cursor) @connection(key: "ReplyItem_replies") @required(action: THROW) {
          __id
          totalCount
          pageInfo {
            endCursor
          }
          edges {
            node {
              id
              ...ReplyItemBody_reply
            }
          }
        }
      }
    `,
    reply,
  );
  const announceAnswer = useNewerReplies({
    query: ReplyItemAnswersPaginationQuery,
    ownerId: data.id,
    connectionId: data.replies.__id,
    endCursor: data.replies.pageInfo.endCursor,
    hasNext,
    isLoadingNext,
    shownIds: data.replies.edges.map((edge) => edge.node.id),
    pageSize: REPLY_ANSWERS_PAGE_SIZE,
  });
  // Opened at an answer past this thread's first page: its pages load until it is shown.
  const target = useReplyTarget();
  useLoadUntilShown(target?.threadId === data.id && target.replyId !== data.id ? target.replyId : null, {
    shownIds: data.replies.edges.map((edge) => edge.node.id),
    hasNext,
    isLoadingNext,
    loadNext,
    pageSize: REPLY_ANSWERS_PAGE_SIZE,
  });
  useEffect(() => {
    liveThreads.set(data.id, announceAnswer);
    return () => void liveThreads.delete(data.id);
  }, [liveThreads, data.id, announceAnswer]);
  const [answering, setAnswering] = useState(false);
  // 답글 opens the form with the caret in its box. A sent answer (or Escape) closes it: the focus goes back to the 답글
  // button that opened it (now saying it is closed), in its place in the thread, ready for another answer, rather than
  // to <body> or to the answer's text.
  const answerButton = useRef<HTMLButtonElement>(null);
  /** The answer being written: kept when its form closes unsent (Escape, or 답글 again), there again when it reopens. */
  const answerDraft = useState('');
  return (
    <li className="reply" data-testid="reply">
      <ReplyBody
        reply={data}
        connectionId={connectionId}
        answer={{
          open: answering,
          toggle: () => setAnswering((open) => !open),
          ref: answerButton,
          // Right after the 답글 button that opened it, before 수정 and 삭제: next in the Tab order, and on screen.
          form: answering
            ? (target: string) => (
                <ReplyForm
                  postId={context.postId}
                  parentId={data.id}
                  connectionId={data.replies.__id}
                  append={!hasNext}
                  placeholder={communityTexts.reply.replyPlaceholder}
                  label={communityTexts.reply.toTarget(target, communityTexts.reply.replyPlaceholder)}
                  sentFocus={answerButton}
                  autoFocus
                  draft={answerDraft}
                  onDone={() => setAnswering(false)}
                />
              )
            : null,
        }}
        {...context}
      />
      {data.replies.edges.length > 0 ? (
        <ul className="reply-list reply-list--nested">
          {data.replies.edges.map((edge) => (
            <li key={edge.node.id} className="reply reply--nested" data-testid="reply">
              <ReplyBody reply={edge.node} connectionId={data.replies.__id} {...context} />
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: data.replies.edges.length }}
        count={REPLY_ANSWERS_PAGE_SIZE}
        label={communityTexts.reply.moreAnswers(Math.max(0, data.replies.totalCount - data.replies.edges.length))}
        className="reply__more"
      />
    </li>
  );
}

interface ReplyBodyProps extends ReplyContext {
  reply: ReplyItemBody_reply$key;
  connectionId: string;
  /** Present on top-level replies: the 답글 button, which opens and closes the answer form, drawn after it when open. */
  answer?: { open: boolean; toggle: () => void; ref: Ref<HTMLButtonElement>; form: ((target: string) => ReactNode) | null };
}

function ReplyBody({ reply, connectionId, viewerId, answer }: ReplyBodyProps) {
  const data = useFragment(
    graphql`
      fragment ReplyItemBody_reply on Reply {
        id
        content
        isDeleted
        isEdited
        isLiked
        likeCount
        createdAt
        author {
          id
          nickname
        }
      }
    `,
    reply,
  );
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useDeleteReplyMutation();
  const toggleLike = useToggleReplyLikeMutation();
  const asMember = useMemberAction();
  const toast = useToast();
  const isMine = viewerId !== null && data.author?.id === viewerId;
  /** Whose reply the buttons act on, in their names (a screen reader lists them away from the text). */
  const target = communityTexts.reply.target(data.author?.nickname ?? uiTexts.unknownAuthor, !answer);
  const own = useRef<HTMLDivElement>(null);
  const revealed = useRevealedReply(data.id, own);

  return (
    <div ref={own} className={revealed ? 'reply__own reply__own--revealed' : 'reply__own'} tabIndex={revealed ? -1 : undefined}>
      {revealed ? <span className="visually-hidden">{replyLinkTexts.opened}</span> : null}
      <div className="reply__head">
        {data.author ? (
          <Link className="reply__author" to={`/users/${encodeURIComponent(data.author.id)}`}>
            {data.author.nickname}
          </Link>
        ) : (
          <strong className="reply__author">{uiTexts.unknownAuthor}</strong>
        )}
        <time className="reply__time" dateTime={data.createdAt}>
          {formatRelativeTime(data.createdAt)}
        </time>
        {data.isEdited && !data.isDeleted ? <span className="reply__edited">{communityTexts.reply.edited}</span> : null}
      </div>
      {editing ? (
        <ReplyEditor replyId={data.id} content={data.content} isAnswer={!answer} onDone={() => setEditing(false)} />
      ) : (
        <p className={`reply__content${data.isDeleted ? ' reply__content--deleted' : ''}`}>{data.content}</p>
      )}
      {data.isDeleted || editing ? null : (
        <div className="reply__actions">
          <button
            type="button"
            className={`reply__like${data.isLiked ? ' reply__like--liked' : ''}`}
            aria-pressed={data.isLiked}
            aria-label={`${communityTexts.reply.toTarget(target, communityTexts.post.like)} ${data.likeCount}`}
            onClick={() => asMember(() => toggleLike(data))}
          >
            <HeartIcon /> {data.likeCount}
          </button>
          {answer ? (
            <>
              <button
                type="button"
                className="reply__action"
                ref={answer.ref}
                aria-expanded={answer.open}
                aria-label={communityTexts.reply.toTarget(target, communityTexts.reply.reply)}
                onClick={() => asMember(answer.toggle)}
              >
                {communityTexts.reply.reply}
              </button>
              {answer.form?.(target)}
            </>
          ) : null}
          {isMine ? (
            <>
              <button
                type="button"
                className="reply__action"
                aria-label={`${target} ${communityTexts.reply.edit}`}
                onClick={() => asMember(() => setEditing(true))}
              >
                {communityTexts.reply.edit}
              </button>
              <button
                type="button"
                className="reply__action"
                aria-label={`${target} ${communityTexts.reply.delete}`}
                onClick={() => asMember(() => setConfirming(true))}
              >
                {communityTexts.reply.delete}
              </button>
            </>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        kind="delete"
        open={confirming}
        busy={removing}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove({ id: data.id, connectionId }).then(
            () => {
              setConfirming(false);
              toast.show(communityTexts.reply.deleted, 'success');
            },
            (failure: unknown) => toast.show(failure instanceof Error && failure.message ? failure.message : communityTexts.reply.failed, 'error'),
          )
        }
      />
    </div>
  );
}

/** The author's reply in place as a text box: 저장 sends it with the server's rules, 취소 leaves it as it was. */
function ReplyEditor({ replyId, content, isAnswer, onDone }: { replyId: string; content: string; isAnswer: boolean; onDone: () => void }) {
  const [text, setText] = useState(content);
  const [error, setError] = useState<string | null>(null);
  const [update, saving] = useUpdateReplyMutation();
  const toast = useToast();
  const save = () => {
    const trimmed = text.trim();
    const invalid = replyContentError(trimmed, isAnswer);
    setError(invalid);
    if (invalid) return;
    if (trimmed === content) return onDone();
    update({ id: replyId, content: trimmed }).then(
      () => {
        onDone();
        toast.show(communityTexts.reply.updated, 'success');
      },
      (failure: unknown) => toast.show(failure instanceof Error && failure.message ? failure.message : communityTexts.reply.failed, 'error'),
    );
  };
  return (
    <form
      className="reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <ReplyTextBox label={communityTexts.reply.edit} value={text} onChange={setText} error={error} autoFocus />
      <div className="reply-form__buttons">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {communityTexts.reply.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {communityTexts.reply.save}
        </button>
      </div>
    </form>
  );
}
