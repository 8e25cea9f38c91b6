import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import { ADMIN_NOTIFICATION_CONTENT_MAX, ADMIN_NOTIFICATION_TITLE_MAX, NOTICE_CATEGORIES, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from '@domain/limits.js';
import { errorMessages, messagingTexts as m } from '@domain/messages.js';
import type { NoticeCategory, StaffPagesNoticeMutation } from '../__generated__/StaffPagesNoticeMutation.graphql';
import type { StaffPagesSendMutation } from '../__generated__/StaffPagesSendMutation.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toast/ToastProvider';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { LabeledSelect, LabeledText } from '../ui/FormParts';

/** /my/admin/notify: staff send an announcement to every member (members get 접근 권한 from the gateway). */
export function ComposeNotificationPage() {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [url, setUrl] = useState('');
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
    commit({ variables: { input: { allUsers: true, title, content, url: url || null } } }).then(
      (result) => {
        toast.show(m.sent(result.sentCount ?? 0), 'success');
        setTitle('');
        setContent('');
      },
      (failure: Error) => toast.show(failure.message, 'error'),
    );
  };
  return (
    <>
      <PageHeader title={m.composeNotification} back />
      <form className="staff-form" onSubmit={submit}>
        <LabeledText label={m.titleLabel} value={title} maxLength={ADMIN_NOTIFICATION_TITLE_MAX} onChange={setTitle} />
        <LabeledText label={m.contentLabel} value={content} maxLength={ADMIN_NOTIFICATION_CONTENT_MAX} rows={4} onChange={setContent} />
        <LabeledText label="URL" value={url} onChange={setUrl} placeholder="/my/notice" />
        <button type="submit" className="button button--primary" disabled={inFlight}>
          {m.submit}
        </button>
      </form>
    </>
  );
}

/** /my/admin/notice: staff write a notice, optionally with attachments (sent as multipart). */
export function WriteNoticePage() {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<NoticeCategory>('GENERAL');
  const [isImportant, setImportant] = useState(false);
  const [isPinned, setPinned] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [commit, inFlight] = useTypedMutation<StaffPagesNoticeMutation>(
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const uploadables = Object.fromEntries(files.map((file, index) => [`input.attachments.${index}`, file]));
    commit({
      variables: { input: { title, content, category, isImportant, isPinned, attachments: files.length ? files.map(() => null) : null } },
      uploadables: files.length ? uploadables : undefined,
    }).then(
      () => {
        toast.show(m.saved, 'success');
        setTitle('');
        setContent('');
        setFiles([]);
      },
      (failure: Error) => toast.show(failure.message, 'error'),
    );
  };
  return (
    <>
      <PageHeader title={m.writeNotice} back />
      <form className="staff-form" onSubmit={submit}>
        <LabeledSelect
          label={m.categoryLabel}
          value={category}
          options={NOTICE_CATEGORIES.map((value) => [value.toUpperCase() as NoticeCategory, m.noticeCategoryLabels[value]] as const)}
          onChange={setCategory}
        />
        <LabeledText label={m.titleLabel} value={title} maxLength={NOTICE_TITLE_MAX} onChange={setTitle} />
        <LabeledText label={m.contentLabel} value={content} maxLength={NOTICE_CONTENT_MAX} rows={6} onChange={setContent} />
        <label>
          <input type="checkbox" checked={isImportant} onChange={(event) => setImportant(event.target.checked)} />
          {m.important}
        </label>
        <label>
          <input type="checkbox" checked={isPinned} onChange={(event) => setPinned(event.target.checked)} />
          {m.pinned}
        </label>
        <label>
          {m.attachmentsLabel}
          <input type="file" multiple onChange={(event) => setFiles([...(event.target.files ?? [])])} />
        </label>
        <button type="submit" className="button button--primary" disabled={inFlight}>
          {m.submit}
        </button>
      </form>
    </>
  );
}
