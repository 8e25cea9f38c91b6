import { startTransition, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import {
  characterCount,
  INQUIRY_ATTACHMENTS_MAX,
  INQUIRY_CATEGORIES,
  INQUIRY_COMMENT_MAX,
  INQUIRY_CONTENT_MAX,
  INQUIRY_PAGE_SIZE_DEFAULT,
  INQUIRY_PRIORITIES,
  INQUIRY_SATISFACTION_MAX,
  INQUIRY_TITLE_MAX,
} from '@domain/limits.js';
import { communityTexts, errorMessages, messagingTexts as m } from '@domain/messages.js';
import { inquiryCreateSchema } from '@domain/inquiry.js';
import { ATTACHMENT_UPLOAD_LIMIT, megabytes } from '@domain/uploads.js';
import type { InquiryDetailPageCommentMutation } from '../__generated__/InquiryDetailPageCommentMutation.graphql';
import type { InquiryDetailPageQuery } from '../__generated__/InquiryDetailPageQuery.graphql';
import type { InquiryPages_comments$key } from '../__generated__/InquiryPages_comments.graphql';
import type { InquiryCategory, InquiryListPageCreateMutation, InquiryPriority } from '../__generated__/InquiryListPageCreateMutation.graphql';
import type { InquiryPages_satisfaction$key } from '../__generated__/InquiryPages_satisfaction.graphql';
import type { InquiryPagesRateMutation } from '../__generated__/InquiryPagesRateMutation.graphql';
import type { InquiryListPageQuery } from '../__generated__/InquiryListPageQuery.graphql';
import type { InquiryListPaginationQuery } from '../__generated__/InquiryListPaginationQuery.graphql';
import type { InquiryPages_inquiries$key } from '../__generated__/InquiryPages_inquiries.graphql';
import type { InquiryPages_row$key } from '../__generated__/InquiryPages_row.graphql';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { useToast } from '../ui/toast/ToastProvider';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { useIdempotencyKey } from '../app/relay/useIdempotencyKey';
import { RouteScreen } from '../app/RouteScreen';
import { CutMessage, focusFirstInvalid, FormError, LabeledSelect, LabeledText, LengthCounter, useCharacterLimit } from '../ui/FormParts';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { AttachmentField } from '../ui/AttachmentField';
import { AttachmentList } from '../ui/AttachmentList';

/** /my/inquiries: the member's inquiries and the form to file one (001 §5 rules, checked again by the gateway). */
export function InquiryListPage() {
  return (
    <RouteScreen<InquiryListPageQuery> header={<PageHeader title={m.inquiriesTitle} back />}>{(queryRef) => <InquiryList queryRef={queryRef} />}</RouteScreen>
  );
}

function InquiryList({ queryRef }: { queryRef: PreloadedQuery<InquiryListPageQuery> }) {
  const { viewer } = usePreloadedQuery<InquiryListPageQuery>(
    graphql`
      query InquiryListPageQuery @preloadable {
        viewer {
          isStaff
          ...InquiryPages_inquiries
        }
      }
    `,
    queryRef,
  );
  if (!viewer) return <LoginRequiredScreen />;
  return <InquiryPagesList viewer={viewer} isStaff={viewer.isStaff === true} />;
}

/**
 * One inquiry in the list; a new one filed from the form is added with the same fields. `withAuthor` (staff's list):
 * the member who sent it too, which costs the gateway a read of each inquiry, so members' own lists go without it.
 */
function InquiryRow({ inquiry }: { inquiry: InquiryPages_row$key }) {
  const node = useFragment(
    graphql`
      fragment InquiryPages_row on Inquiry @argumentDefinitions(withAuthor: { type: "Boolean", defaultValue: false }) {
        databaseId
        title
        status
        category
        priority
        createdAt
        author @include(if: $withAuthor) {
          name
        }
      }
    `,
    inquiry,
  );
  return (
    <li className="inquiries__item">
      <Link to={`/my/inquiries/${node.databaseId}`}>
        <span className={`inquiries__status inquiries__status--${node.status.toLowerCase()}`}>{m.inquiryStatusLabels[node.status.toLowerCase()]}</span>
        <strong>{node.title}</strong>
        <span className="inquiries__meta">
          {m.inquiryCategoryLabels[node.category.toLowerCase()]} · {m.priorityLabel} {m.inquiryPriorityLabels[node.priority.toLowerCase()]} ·{' '}
          {formatRelativeTime(String(node.createdAt))}
        </span>
        {node.author ? <span className="inquiries__meta">{m.inquiryAuthor(node.author.name)}</span> : null}
      </Link>
    </li>
  );
}

/**
 * The member's inquiries with the form to file one; staff: everyone's, to answer (no form), each with the member who
 * sent it (read again with the authors once the viewer is known to be staff). Newest first, a page at a time.
 */
function InquiryPagesList({ viewer, isStaff }: { viewer: InquiryPages_inquiries$key; isStaff: boolean }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<InquiryListPaginationQuery, InquiryPages_inquiries$key>(
    graphql`
      fragment InquiryPages_inquiries on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }, withAuthors: { type: "Boolean", defaultValue: false })
      @refetchable(queryName: "InquiryListPaginationQuery") {
        inquiries(first: $count, after: $cursor) @connection(key: "InquiryPages_inquiries") @required(action: THROW) {
          __id
          edges {
            node {
              id
              ...InquiryPages_row @arguments(withAuthor: $withAuthors)
            }
          }
        }
      }
    `,
    viewer,
  );
  const authorsAsked = useRef(false);
  useEffect(() => {
    if (!isStaff || authorsAsked.current) return;
    authorsAsked.current = true;
    // The rows shown meanwhile stay until the names have come.
    startTransition(() => {
      refetch({ withAuthors: true });
    });
  }, [isStaff, refetch]);
  const { edges } = data.inquiries;
  return (
    <section className="inquiries">
      {!isStaff && <InquiryForm connectionId={data.inquiries.__id} />}
      {edges.length === 0 && <p className="inquiries__empty">{isStaff ? m.noInquiriesForStaff : m.noInquiries}</p>}
      <ul className="inquiries__list" aria-label={m.inquiriesTitle}>
        {edges.map(({ node }) => (
          <InquiryRow key={node.id} inquiry={node} />
        ))}
      </ul>
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: edges.length }}
        count={INQUIRY_PAGE_SIZE_DEFAULT}
        label={m.moreInquiries}
        className="button button--secondary notices__more"
      />
    </section>
  );
}

type InquiryFormErrors = Partial<Record<'title' | 'content' | 'attachments' | 'form', string>>;

function InquiryForm({ connectionId }: { connectionId: string }) {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<InquiryCategory>('GENERAL');
  const [priority, setPriority] = useState<InquiryPriority>('MEDIUM');
  /** The files going along: only those the gateway takes (a file too big, or one too many, is refused when picked). */
  const [files, setFiles] = useState<File[]>([]);
  /** Each field's first broken rule, told under it; `form` holds the server's other refusals, told above 보내기. */
  const [errors, setErrors] = useState<InquiryFormErrors>({});
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [commit, inFlight] = useTypedMutation<InquiryListPageCreateMutation>(
    graphql`
      mutation InquiryListPageCreateMutation($input: CreateInquiryInput!, $connections: [ID!]!) {
        createInquiry(input: $input) {
          __typename
          ... on CreateInquiryPayload {
            inquiry @prependNode(connections: $connections, edgeTypeName: "InquiryEdge") {
              id
              ...InquiryPages_row
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'CreateInquiryPayload', failureText: errorMessages.UNKNOWN },
  );
  const keys = useIdempotencyKey();
  // The domain's rules, as the gateway and the upstream check them: every broken one is told at once.
  const localProblems = (): InquiryFormErrors => {
    const checked = inquiryCreateSchema.safeParse({ title, content, category: category.toLowerCase(), priority: priority.toLowerCase() });
    const found: InquiryFormErrors = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = issue.path[0] === 'title' || issue.path[0] === 'content' ? issue.path[0] : 'form';
      found[field] ??= issue.message;
    }
    return found;
  };
  const choose = (chosen: File[], refused: string | undefined) => {
    // Told as soon as they are picked, each refused file by its name; a removal takes the message away.
    setErrors((shown) => ({ ...shown, attachments: refused }));
    setFiles(chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = localProblems();
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(formRef.current);
    const input = { title, content, category, priority };
    // Files go as the GraphQL multipart request's parts, each mapped onto its place in the input.
    const uploadables = files.length ? Object.fromEntries(files.map((file, index) => [`input.attachments.${index}`, file])) : undefined;
    const idempotencyKey = keys.keyFor({ ...input, files: files.map((file) => [file.name, file.size, file.lastModified]) });
    commit({
      variables: { input: { ...input, attachments: files.length ? files.map(() => null) : null, idempotencyKey }, connections: [connectionId] },
      uploadables,
    }).then(
      () => {
        keys.succeeded();
        toast.show(m.inquiryCreated, 'success');
        setTitle('');
        setContent('');
        setCategory('GENERAL');
        setPriority('MEDIUM');
        setFiles([]);
      },
      (failure: Error) => setErrors({ form: failure.message }),
    );
  };
  /** A change to a field takes its message away: the next 보내기 checks it again. */
  const edit = (field: 'title' | 'content', value: string, set: (value: string) => void) => {
    set(value);
    if (errors[field]) setErrors((shown) => ({ ...shown, [field]: undefined }));
  };
  const errorIdOf = (field: keyof InquiryFormErrors) => (errors[field] ? `${errorId}-${field}` : undefined);
  const errorAt = (field: keyof InquiryFormErrors) => (
    <FormError error={errors[field] ?? null} id={errorIdOf(field)} className={field === 'form' ? undefined : 'field__error'} />
  );
  return (
    <form ref={formRef} className="inquiry-form" onSubmit={submit} aria-label={m.newInquiry}>
      <h2>{m.newInquiry}</h2>
      <LabeledSelect
        label={m.categoryLabel}
        value={category}
        options={INQUIRY_CATEGORIES.map((value) => [value.toUpperCase() as InquiryCategory, m.inquiryCategoryLabels[value]] as const)}
        onChange={setCategory}
      />
      <LabeledSelect
        label={m.priorityLabel}
        value={priority}
        options={INQUIRY_PRIORITIES.map((value) => [value.toUpperCase() as InquiryPriority, m.inquiryPriorityLabels[value]] as const)}
        onChange={setPriority}
      />
      <LabeledText
        label={m.titleLabel}
        value={title}
        maxLength={INQUIRY_TITLE_MAX}
        onChange={(value) => edit('title', value, setTitle)}
        errorId={errorIdOf('title')}
        counterId={`${errorId}-title-counter`}
      />
      {errorAt('title')}
      <LengthCounter id={`${errorId}-title-counter`} text={title} max={INQUIRY_TITLE_MAX} />
      <LabeledText
        label={m.contentLabel}
        value={content}
        maxLength={INQUIRY_CONTENT_MAX}
        rows={5}
        onChange={(value) => edit('content', value, setContent)}
        errorId={errorIdOf('content')}
        counterId={`${errorId}-content-counter`}
      />
      {errorAt('content')}
      <LengthCounter id={`${errorId}-content-counter`} text={content} max={INQUIRY_CONTENT_MAX} />
      <AttachmentField
        files={files}
        max={INQUIRY_ATTACHMENTS_MAX}
        accept="image/*,application/pdf"
        hint={m.inquiryAttachmentsHint(INQUIRY_ATTACHMENTS_MAX, megabytes(ATTACHMENT_UPLOAD_LIMIT.maxBytes))}
        error={errors.attachments}
        disabled={inFlight}
        onChange={choose}
      />
      {errorAt('form')}
      <button type="submit" className="button button--primary" disabled={inFlight}>
        {inFlight ? communityTexts.write.sending : m.submit}
      </button>
    </form>
  );
}

/** /my/inquiries/:id: the inquiry with its comments; the member (or staff) adds comments. */
export function InquiryDetailPage() {
  return (
    <RouteScreen<InquiryDetailPageQuery> header={<PageHeader title={m.inquiriesTitle} back />}>
      {(queryRef) => <InquiryDetail queryRef={queryRef} />}
    </RouteScreen>
  );
}

function InquiryDetail({ queryRef }: { queryRef: PreloadedQuery<InquiryDetailPageQuery> }) {
  const { viewer, inquiry } = usePreloadedQuery<InquiryDetailPageQuery>(
    graphql`
      query InquiryDetailPageQuery($id: ID!) @preloadable {
        viewer {
          id
          databaseId
          isStaff
        }
        inquiry(id: $id) @required(action: THROW) {
          __typename
          ... on Inquiry {
            id
            databaseId
            author {
              databaseId
              name
            }
            title
            content
            status
            category
            priority
            createdAt
            resolution
            attachments {
              databaseId
              fileName
              fileUrl
              thumbnailUrl
              mimeType
            }
            ...InquiryPages_comments @alias(as: "thread")
            ...InquiryPages_satisfaction @alias(as: "rating")
          }
          ... on Error {
            message
          }
        }
      }
    `,
    queryRef,
  );
  const toast = useToast();
  const [comment, setComment] = useState('');
  // A paste past the limit is cut, and the member is told so under the box.
  const commentLimit = useCharacterLimit(INQUIRY_COMMENT_MAX, comment, setComment);
  const [commit, inFlight] = useTypedMutation<InquiryDetailPageCommentMutation>(
    graphql`
      mutation InquiryDetailPageCommentMutation($input: AddInquiryCommentInput!) {
        addInquiryComment(input: $input) {
          __typename
          ... on AddInquiryCommentPayload {
            inquiry {
              id
              # Staff answering a 접수 inquiry move it to 처리 중.
              status
              ...InquiryPages_comments
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'AddInquiryCommentPayload', failureText: errorMessages.UNKNOWN },
  );
  if (!viewer) return <LoginRequiredScreen />;
  if (inquiry.__typename !== 'Inquiry') return <StateScreen title={'message' in inquiry ? (inquiry.message ?? m.inquiryNotFound) : m.inquiryNotFound} />;
  const isAuthor = viewer.databaseId != null && viewer.databaseId === inquiry.author?.databaseId;
  const followUpLabel = isAuthor ? m.followUpPlaceholder.author : m.followUpPlaceholder.staff;
  const followUpSent = isAuthor ? m.followUpSent.author : m.followUpSent.staff;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim() || characterCount(comment) > INQUIRY_COMMENT_MAX) {
      toast.show(m.inquiryComment(INQUIRY_COMMENT_MAX), 'error');
      return;
    }
    commit({ variables: { input: { inquiryId: inquiry.id ?? '', comment } } }).then(
      () => {
        setComment('');
        toast.show(followUpSent, 'success');
      },
      (failure: Error) => toast.show(failure.message, 'error'),
    );
  };
  return (
    <article className="inquiry">
      <span className={`inquiries__status inquiries__status--${inquiry.status?.toLowerCase()}`}>
        {m.inquiryStatusLabels[inquiry.status?.toLowerCase() ?? 'pending']}
      </span>
      <span className="inquiry__priority">
        {m.inquiryCategoryLabels[inquiry.category?.toLowerCase() ?? 'general']} · {m.priorityLabel}{' '}
        {m.inquiryPriorityLabels[inquiry.priority?.toLowerCase() ?? 'medium']} · {formatRelativeTime(String(inquiry.createdAt))}
      </span>
      {viewer.isStaff && inquiry.author ? <span className="inquiry__author">{m.inquiryAuthor(inquiry.author.name)}</span> : null}
      <h2>{inquiry.title}</h2>
      <p className="inquiry__content">{inquiry.content}</p>
      <AttachmentList files={(inquiry.attachments ?? []).map((file) => ({ ...file, key: file.databaseId }))} label={m.attachmentsLabel} />
      {inquiry.resolution && (
        <section className="inquiry__resolution" aria-labelledby="inquiry-resolution-title">
          <h3 id="inquiry-resolution-title" className="inquiry__resolution-title">
            {m.resolutionTitle}
          </h3>
          <p>{inquiry.resolution}</p>
        </section>
      )}
      {viewer?.isStaff && (
        <Link className="inquiry__staff-link" to={`/my/inquiries/${inquiry.databaseId}/status`}>
          {m.inquiryStatusForm.open}
        </Link>
      )}
      {inquiry.thread && <InquiryComments inquiry={inquiry.thread} authorId={inquiry.author?.databaseId ?? null} awaited={isAuthor && !inquiry.resolution} />}
      {/* Staff read every inquiry, but only its author rates the answer, once it has been read. */}
      {inquiry.rating && viewer?.databaseId != null && viewer.databaseId === inquiry.author?.databaseId && <InquirySatisfaction inquiry={inquiry.rating} />}
      <form className="inquiry__comment-form" onSubmit={send}>
        <textarea value={comment} {...commentLimit.limit} aria-label={followUpLabel} placeholder={followUpLabel} aria-describedby={commentLimit.messageId} />
        <LengthCounter text={comment} max={INQUIRY_COMMENT_MAX} />
        <CutMessage message={commentLimit.message} id={commentLimit.messageId} />
        <button type="submit" className="button button--primary" disabled={inFlight}>
          {m.submit}
        </button>
      </form>
    </article>
  );
}

/**
 * An inquiry's follow-ups, the author's and staff's (anyone but the author writing here is staff), each with its time;
 * `awaited` (its author, before it is resolved): until staff have written, a line says no answer has come yet. The comment mutation's answer refreshes
 * them in the store.
 */
function InquiryComments({ inquiry, authorId, awaited }: { inquiry: InquiryPages_comments$key; authorId: number | null; awaited: boolean }) {
  const { comments } = useFragment(
    graphql`
      fragment InquiryPages_comments on Inquiry {
        comments {
          databaseId
          comment
          createdAt
          user {
            databaseId
            name
          }
        }
      }
    `,
    inquiry,
  );
  const fromStaff = (entry: { user: { databaseId: number } }) => authorId !== null && entry.user.databaseId !== authorId;
  return (
    <>
      <ul className="inquiry__comments">
        {comments?.map((entry) => (
          <li key={entry.databaseId} className={fromStaff(entry) ? 'inquiry__comment inquiry__comment--staff' : 'inquiry__comment'}>
            <div className="inquiry__comment-head">
              <strong>{entry.user.name}</strong>
              {fromStaff(entry) ? <span className="inquiry__staff-mark">{m.staffAnswer}</span> : null}
              <time dateTime={String(entry.createdAt)}>{formatRelativeTime(String(entry.createdAt))}</time>
            </div>
            <p className="inquiry__comment-text">{entry.comment}</p>
          </li>
        ))}
      </ul>
      {awaited && !comments?.some(fromStaff) ? <p className="inquiry__waiting">{m.notAnsweredYet}</p> : null}
    </>
  );
}

/** 001 §5: once resolved (or closed) the member rates the answer 0-INQUIRY_SATISFACTION_MAX; a rating can be changed. */
function InquirySatisfaction({ inquiry }: { inquiry: InquiryPages_satisfaction$key }) {
  const data = useFragment(
    graphql`
      fragment InquiryPages_satisfaction on Inquiry {
        id
        status
        satisfaction
      }
    `,
    inquiry,
  );
  const toast = useToast();
  const [score, setScore] = useState<number | null>(null);
  const [commit, inFlight] = useTypedMutation<InquiryPagesRateMutation>(
    graphql`
      mutation InquiryPagesRateMutation($input: RateInquiryInput!) {
        rateInquiry(input: $input) {
          __typename
          ... on RateInquiryPayload {
            inquiry {
              id
              satisfaction
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'RateInquiryPayload', failureText: errorMessages.UNKNOWN },
  );
  if (data.status !== 'RESOLVED' && data.status !== 'CLOSED') return null;
  const chosen = score ?? data.satisfaction;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null || chosen === undefined) return;
    commit({ variables: { input: { id: data.id, score: chosen } } }).then(
      () => {
        setScore(null);
        toast.show(m.satisfactionForm.saved, 'success');
      },
      (failure: Error) => toast.show(failure.message, 'error'),
    );
  };
  const scores = Array.from({ length: INQUIRY_SATISFACTION_MAX + 1 }, (_, index) => index);
  return (
    <form className="inquiry__satisfaction" onSubmit={send}>
      <fieldset>
        <legend>{m.satisfactionForm.title}</legend>
        {data.satisfaction != null && <p className="inquiry__satisfaction-given">{m.satisfactionForm.given(data.satisfaction, INQUIRY_SATISFACTION_MAX)}</p>}
        <div className="inquiry__scores">
          {scores.map((value) => (
            <label key={value} className="inquiry__score">
              <input type="radio" name="satisfaction" value={value} checked={chosen === value} onChange={() => setScore(value)} />
              {m.satisfactionForm.score(value)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={inFlight || chosen === null || chosen === undefined}>
        {m.satisfactionForm.submit}
      </button>
    </form>
  );
}
