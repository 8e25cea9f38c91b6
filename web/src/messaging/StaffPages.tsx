import { Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import {
  ADMIN_NOTIFICATION_CONTENT_MAX,
  ADMIN_NOTIFICATION_TITLE_MAX,
  NOTICE_ATTACHMENTS_MAX,
  NOTICE_CATEGORIES,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
} from '@domain/limits.js';
import { communityTexts, errorMessages, messagingTexts as m, staffTexts, uiTexts } from '@domain/messages.js';
import { ATTACHMENT_UPLOAD_LIMIT, megabytes } from '@domain/uploads.js';
import type { NoticeCategory, StaffPagesNoticeMutation } from '../__generated__/StaffPagesNoticeMutation.graphql';
import type { StaffPagesMemberSearchQuery } from '../__generated__/StaffPagesMemberSearchQuery.graphql';
import type { StaffPagesNoticeEditQuery } from '../__generated__/StaffPagesNoticeEditQuery.graphql';
import type { StaffPagesSendMutation } from '../__generated__/StaffPagesSendMutation.graphql';
import type { StaffPagesUpdateNoticeMutation } from '../__generated__/StaffPagesUpdateNoticeMutation.graphql';
import type { StaffPagesViewerQuery } from '../__generated__/StaffPagesViewerQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { StateScreen } from '../ui/StateScreen';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { setWith } from '../ui/setWith';
import { useSession } from '../app/session';
import { useToast } from '../ui/toast/ToastProvider';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { RouteScreen } from '../app/RouteScreen';
import { FormError, LabeledSelect, LabeledText } from '../ui/FormParts';
import { AttachmentField } from '../ui/AttachmentField';
import { discardCachedNoticeLists } from './noticeStoreUpdates';

interface Recipient {
  id: string;
  nickname: string;
}

const staffViewerQuery = graphql`
  query StaffPagesViewerQuery {
    viewer {
      id
      isStaff
    }
  }
`;

/**
 * The staff forms refuse anyone else at once, as the inquiry status screen does, instead of showing a form whose
 * sending the gateway refuses. The viewer is read here, not by the route's loader: loaders are in the shell's code.
 */
function StaffOnly({ title, children }: { title: string; children: ReactNode }) {
  const [viewerRef, loadViewer] = useQueryLoader<StaffPagesViewerQuery>(staffViewerQuery);
  // Read again when the session changes: staff who log in from this screen get the form.
  const { token } = useSession();
  useEffect(() => loadViewer({}, { fetchPolicy: 'store-or-network' }), [loadViewer, token]);
  if (!viewerRef) return <ScreenSkeleton />;
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <StaffGate queryRef={viewerRef} title={title}>
        {children}
      </StaffGate>
    </Suspense>
  );
}

function StaffGate({ queryRef, title, children }: { queryRef: PreloadedQuery<StaffPagesViewerQuery>; title: string; children: ReactNode }) {
  const { viewer } = usePreloadedQuery<StaffPagesViewerQuery>(staffViewerQuery, queryRef);
  if (viewer?.isStaff) return children;
  return (
    <>
      <PageHeader title={title} back />
      {viewer ? <StateScreen title={m.staffOnly} /> : <LoginRequiredScreen />}
    </>
  );
}

/** /my/admin/notify: staff send an announcement to every member or to members they choose. */
export function ComposeNotificationPage() {
  return (
    <StaffOnly title={m.composeNotification}>
      <ComposeNotificationForm />
    </StaffOnly>
  );
}

function ComposeNotificationForm() {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
  const [toEveryone, setToEveryone] = useState(true);
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [commit, inFlight] = useTypedMutation<StaffPagesSendMutation>(
    graphql`
      mutation StaffPagesSendMutation($input: SendAdminNotificationInput!) {
        sendAdminNotification(input: $input) {
          __typename
          ... on SendAdminNotificationPayload {
            sentCount
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'SendAdminNotificationPayload', failureText: errorMessages.UNKNOWN },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!toEveryone && recipients.length === 0) return setError(staffTexts.recipients.noneChosen);
    setError(null);
    const audience = toEveryone ? { allUsers: true } : { users: recipients.map((recipient) => recipient.id) };
    commit({ variables: { input: { ...audience, title, content, url: url || null } } }).then(
      (result) => {
        toast.show(m.sent(result.sentCount ?? 0), 'success');
        setTitle('');
        setContent('');
        setRecipients([]);
      },
      (failure: Error) => setError(failure.message),
    );
  };
  return (
    <>
      <PageHeader title={m.composeNotification} back />
      <form className="staff-form" onSubmit={submit} aria-label={m.composeNotification}>
        <fieldset className="staff-form__audience">
          <legend>{staffTexts.recipients.label}</legend>
          <label>
            <input type="radio" name="audience" checked={toEveryone} onChange={() => setToEveryone(true)} />
            {staffTexts.recipients.all}
          </label>
          <label>
            <input type="radio" name="audience" checked={!toEveryone} onChange={() => setToEveryone(false)} />
            {staffTexts.recipients.chosen}
          </label>
        </fieldset>
        {!toEveryone && <RecipientPicker chosen={recipients} onChange={setRecipients} />}
        <LabeledText label={m.titleLabel} value={title} maxLength={ADMIN_NOTIFICATION_TITLE_MAX} onChange={setTitle} />
        <LabeledText label={m.contentLabel} value={content} maxLength={ADMIN_NOTIFICATION_CONTENT_MAX} rows={4} onChange={setContent} />
        <LabeledText label="URL" value={url} onChange={setUrl} placeholder="/my/notice" />
        <FormError error={error} />
        <button type="submit" className="button button--primary" disabled={inFlight}>
          {m.submit}
        </button>
      </form>
    </>
  );
}

const memberSearchQuery = graphql`
  query StaffPagesMemberSearchQuery($query: String!) {
    searchUsers(query: $query, first: 10) @required(action: THROW) {
      edges {
        node {
          id
          nickname
        }
      }
    }
  }
`;

/** The chosen members as removable chips, and a nickname search whose results add to them. */
function RecipientPicker({ chosen, onChange }: { chosen: Recipient[]; onChange: (recipients: Recipient[]) => void }) {
  const [term, setTerm] = useState('');
  const [results, loadResults] = useQueryLoader<StaffPagesMemberSearchQuery>(memberSearchQuery);
  const inputId = useId();
  const find = () => {
    if (term.trim()) loadResults({ query: term.trim() }, { fetchPolicy: 'network-only' });
  };
  const add = (recipient: Recipient) => {
    if (!chosen.some((entry) => entry.id === recipient.id)) onChange([...chosen, recipient]);
  };
  return (
    <div className="staff-form__recipients">
      {chosen.length > 0 && (
        <ul className="staff-form__chosen" aria-label={staffTexts.recipients.chosen}>
          {chosen.map((recipient) => (
            <li key={recipient.id}>
              {recipient.nickname}
              <button
                type="button"
                className="link-button"
                aria-label={staffTexts.recipients.remove(recipient.nickname)}
                onClick={() => onChange(chosen.filter((entry) => entry.id !== recipient.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={inputId}>{staffTexts.recipients.search}</label>
      {/* Not a form of its own: it sits inside the announcement's form, and Enter searches instead of sending. */}
      <div className="staff-form__search">
        <input
          id={inputId}
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              find();
            }
          }}
        />
        <button type="button" className="button button--secondary" onClick={find}>
          {staffTexts.recipients.find}
        </button>
      </div>
      {results && (
        <Suspense fallback={<p role="status">{uiTexts.loading}</p>}>
          <RecipientResults queryRef={results} chosen={chosen} onAdd={add} />
        </Suspense>
      )}
    </div>
  );
}

function RecipientResults({
  queryRef,
  chosen,
  onAdd,
}: {
  queryRef: PreloadedQuery<StaffPagesMemberSearchQuery>;
  chosen: Recipient[];
  onAdd: (recipient: Recipient) => void;
}) {
  const { searchUsers } = usePreloadedQuery<StaffPagesMemberSearchQuery>(memberSearchQuery, queryRef);
  if (searchUsers.edges.length === 0) return <p className="staff-form__empty">{staffTexts.recipients.noResults}</p>;
  return (
    <ul className="staff-form__results">
      {searchUsers.edges.map(({ node }) => (
        <li key={node.id}>
          {chosen.some((recipient) => recipient.id === node.id) ? (
            <button type="button" className="link-button" disabled>
              {staffTexts.recipients.added(node.nickname)}
            </button>
          ) : (
            <button type="button" className="link-button" onClick={() => onAdd({ id: node.id, nickname: node.nickname })}>
              {staffTexts.recipients.add(node.nickname)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /my/admin/notice: staff write a notice; with `?id=` they edit that one (attachments are added to those it has). */
export function WriteNoticePage() {
  return (
    <StaffOnly title={m.writeNotice}>
      <RouteScreen<StaffPagesNoticeEditQuery> header={null} withoutQuery={<NoticeForm />}>
        {(queryRef) => <NoticeEditor queryRef={queryRef} />}
      </RouteScreen>
    </StaffOnly>
  );
}

function NoticeEditor({ queryRef }: { queryRef: PreloadedQuery<StaffPagesNoticeEditQuery> }) {
  const { notice } = usePreloadedQuery<StaffPagesNoticeEditQuery>(
    graphql`
      query StaffPagesNoticeEditQuery($id: ID!) @preloadable {
        notice(id: $id) @required(action: THROW) {
          __typename
          ... on Notice {
            id
            uuid
            title
            content
            category
            isImportant
            isPinned
            attachments {
              id
              fileName
            }
          }
        }
      }
    `,
    queryRef,
  );
  if (notice.__typename !== 'Notice' || !notice.id) {
    return (
      <>
        <PageHeader title={staffTexts.noticeEdit.title} back />
        <StateScreen title={m.noticeNotFound} />
      </>
    );
  }
  return <NoticeForm notice={notice} />;
}

interface EditedNotice {
  readonly id?: string;
  readonly uuid?: string;
  readonly title?: string;
  readonly content?: string;
  readonly category?: NoticeCategory;
  readonly isImportant?: boolean;
  readonly isPinned?: boolean;
  readonly attachments?: ReadonlyArray<{ readonly id: string; readonly fileName: string }> | null;
}

/** The notice form: empty to write one, filled to edit `notice`. */
function NoticeForm({ notice }: { notice?: EditedNotice }) {
  const toast = useToast();
  const navigate = useNavigate();
  const editing = Boolean(notice?.id);
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [category, setCategory] = useState<NoticeCategory>(notice?.category ?? 'GENERAL');
  const [isImportant, setImportant] = useState(notice?.isImportant ?? false);
  const [isPinned, setPinned] = useState(notice?.isPinned ?? false);
  /** The files to add: only those the gateway takes (a file too big, or one past the notice's room, is refused when picked). */
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>(undefined);
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const toggleRemoved = (id: string, removed: boolean) => setRemovedIds((current) => setWith(current, id, removed));
  /** A notice holds NOTICE_ATTACHMENTS_MAX files in all: those it keeps count against the new ones. */
  const room = NOTICE_ATTACHMENTS_MAX - ((notice?.attachments?.length ?? 0) - removedIds.size);
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useTypedMutation<StaffPagesNoticeMutation>(
    graphql`
      mutation StaffPagesNoticeMutation($input: CreateNoticeInput!) {
        createNotice(input: $input) {
          __typename
          ... on CreateNoticePayload {
            notice {
              id
              title
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'CreateNoticePayload', failureText: errorMessages.UNKNOWN },
  );
  const [update, updating] = useTypedMutation<StaffPagesUpdateNoticeMutation>(
    graphql`
      mutation StaffPagesUpdateNoticeMutation($input: UpdateNoticeInput!) {
        updateNotice(input: $input) {
          __typename
          ... on UpdateNoticePayload {
            notice {
              id
              title
              content
              category
              isImportant
              isPinned
              attachments {
                id
                fileName
                fileUrl
              }
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UpdateNoticePayload', failureText: errorMessages.UNKNOWN },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // A current file unticked for removal after new ones were chosen can leave too many: told before sending.
    if (files.length > room) return setFilesError(m.tooManyAttachments(NOTICE_ATTACHMENTS_MAX));
    const uploadables = files.length ? Object.fromEntries(files.map((file, index) => [`input.attachments.${index}`, file])) : undefined;
    const fields = { title, content, category, isImportant, isPinned, attachments: files.length ? files.map(() => null) : null };
    if (editing && notice?.id) {
      const removeAttachmentIds = removedIds.size ? [...removedIds] : null;
      update({ variables: { input: { id: notice.id, ...fields, removeAttachmentIds } }, uploadables, updater: discardCachedNoticeLists }).then(
        () => {
          toast.show(staffTexts.noticeEdit.updated, 'success');
          navigate(`/my/notice/${notice.uuid}`, { replace: true });
        },
        (failure: Error) => setError(failure.message),
      );
      return;
    }
    create({ variables: { input: fields }, uploadables, updater: discardCachedNoticeLists }).then(
      () => {
        toast.show(m.saved, 'success');
        setTitle('');
        setContent('');
        setCategory('GENERAL');
        setImportant(false);
        setPinned(false);
        setFiles([]);
        setFilesError(undefined);
      },
      (failure: Error) => setError(failure.message),
    );
  };
  const heading = editing ? staffTexts.noticeEdit.title : m.writeNotice;
  return (
    <>
      <PageHeader title={heading} back />
      <form className="staff-form" onSubmit={submit} aria-label={heading}>
        <LabeledSelect
          label={m.categoryLabel}
          value={category}
          options={NOTICE_CATEGORIES.map((value) => [value.toUpperCase() as NoticeCategory, m.noticeCategoryLabels[value]] as const)}
          onChange={setCategory}
        />
        <LabeledText label={m.titleLabel} value={title} maxLength={NOTICE_TITLE_MAX} onChange={setTitle} />
        <LabeledText label={m.contentLabel} value={content} maxLength={NOTICE_CONTENT_MAX} rows={6} onChange={setContent} />
        <label className="staff-form__check">
          <input type="checkbox" checked={isImportant} onChange={(event) => setImportant(event.target.checked)} />
          {m.important}
        </label>
        <label className="staff-form__check">
          <input type="checkbox" checked={isPinned} onChange={(event) => setPinned(event.target.checked)} />
          {m.pinned}
        </label>
        {notice?.attachments && notice.attachments.length > 0 && (
          <>
            <p className="staff-form__label">{staffTexts.noticeEdit.current}</p>
            <ul className="notice__attachments">
              {notice.attachments.map((file) => (
                <li key={file.id}>
                  <label className={removedIds.has(file.id) ? 'staff-form__check notice__attachment--removed' : 'staff-form__check'}>
                    <input type="checkbox" checked={removedIds.has(file.id)} onChange={(event) => toggleRemoved(file.id, event.target.checked)} />
                    {m.removeAttachment(file.fileName)}
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
        <AttachmentField
          files={files}
          max={NOTICE_ATTACHMENTS_MAX}
          room={room}
          hint={communityTexts.upload.limits(NOTICE_ATTACHMENTS_MAX, megabytes(ATTACHMENT_UPLOAD_LIMIT.maxBytes))}
          error={filesError}
          disabled={creating || updating}
          onChange={(chosen, refused) => {
            setFiles(chosen);
            setFilesError(refused);
          }}
        />
        <FormError error={error} />
        <button type="submit" className="button button--primary" disabled={creating || updating}>
          {creating || updating ? communityTexts.write.sending : editing ? staffTexts.noticeEdit.save : m.submit}
        </button>
      </form>
    </>
  );
}
