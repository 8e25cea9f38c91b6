import { useId, useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import {
  INQUIRY_INTERNAL_NOTES_MAX,
  INQUIRY_NEXT_STATUS,
  INQUIRY_RESOLUTION_MAX,
  type InquiryStatus as DomainInquiryStatus,
  characterCount,
} from '@domain/limits.js';
import { errorMessages, messagingTexts as m } from '@domain/messages.js';
import type { InquiryStatus, InquiryStatusPageMutation } from '../__generated__/InquiryStatusPageMutation.graphql';
import type { InquiryStatusPageQuery } from '../__generated__/InquiryStatusPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { useToast } from '../ui/toast/ToastProvider';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { RouteScreen } from '../app/RouteScreen';
import { FormError, LabeledSelect, LabeledText, LengthCounter } from '../ui/FormParts';

const t = m.inquiryStatusForm;

/** /my/inquiries/:id/status: staff move an inquiry one step on, with the member's resolution and staff-only notes. */
export function InquiryStatusPage() {
  return (
    <RouteScreen<InquiryStatusPageQuery> header={<PageHeader title={t.title} back />}>{(queryRef) => <InquiryStatusForm queryRef={queryRef} />}</RouteScreen>
  );
}

function InquiryStatusForm({ queryRef }: { queryRef: PreloadedQuery<InquiryStatusPageQuery> }) {
  const { viewer, inquiry } = usePreloadedQuery<InquiryStatusPageQuery>(
    graphql`
      query InquiryStatusPageQuery($id: ID!) @preloadable {
        viewer {
          id
          isStaff
        }
        inquiry(id: $id) @required(action: THROW) {
          __typename
          ... on Inquiry {
            id
            databaseId
            title
            status
            resolution
            internalNotes
          }
          ... on Error {
            message
          }
        }
      }
    `,
    queryRef,
  );
  if (!viewer) return <LoginRequiredScreen />;
  if (!viewer.isStaff) return <StateScreen title={m.staffOnly} />;
  if (inquiry.__typename !== 'Inquiry' || !inquiry.id || inquiry.databaseId == null || !inquiry.status) {
    return <StateScreen title={'message' in inquiry ? (inquiry.message ?? m.inquiryNotFound) : m.inquiryNotFound} />;
  }
  return (
    <StatusForm
      key={inquiry.id}
      inquiryId={inquiry.id}
      databaseId={inquiry.databaseId}
      title={inquiry.title ?? ''}
      status={inquiry.status}
      resolution={inquiry.resolution ?? ''}
      internalNotes={inquiry.internalNotes ?? ''}
    />
  );
}

interface StatusFormProps {
  inquiryId: string;
  databaseId: number;
  title: string;
  status: InquiryStatus;
  resolution: string;
  internalNotes: string;
}

const labelOf = (status: string) => m.inquiryStatusLabels[status.toLowerCase()] ?? status;

function StatusForm(props: StatusFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const current = props.status.toLowerCase() as DomainInquiryStatus;
  const next = INQUIRY_NEXT_STATUS[current];
  // The upstream takes the current status (to edit the texts) or the next one; nothing else.
  const choices = next ? [current, next] : [current];
  const [status, setStatus] = useState<DomainInquiryStatus>(next ?? current);
  const counterId = useId();
  const [resolution, setResolution] = useState(props.resolution);
  const [internalNotes, setInternalNotes] = useState(props.internalNotes);
  const [error, setError] = useState<string | null>(null);
  const [commit, inFlight] = useTypedMutation<InquiryStatusPageMutation>(
    graphql`
      mutation InquiryStatusPageMutation($input: SetInquiryStatusInput!) {
        setInquiryStatus(input: $input) {
          __typename
          ... on SetInquiryStatusPayload {
            inquiry {
              id
              status
              resolution
              internalNotes
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'SetInquiryStatusPayload', failureText: errorMessages.UNKNOWN },
  );

  const localProblem = () => {
    if (characterCount(resolution.trim()) > INQUIRY_RESOLUTION_MAX) return m.resolution(INQUIRY_RESOLUTION_MAX);
    if (characterCount(internalNotes.trim()) > INQUIRY_INTERNAL_NOTES_MAX) return m.internalNotes(INQUIRY_INTERNAL_NOTES_MAX);
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = localProblem();
    setError(problem);
    if (problem) return;
    commit({
      variables: {
        input: {
          id: props.inquiryId,
          status: status.toUpperCase() as InquiryStatus,
          resolution: resolution.trim() || null,
          internalNotes: internalNotes.trim() || null,
        },
      },
    }).then(
      () => {
        toast.show(t.saved(labelOf(status)), 'success');
        navigate(`/my/inquiries/${props.databaseId}`);
      },
      (failure: Error) => setError(failure.message),
    );
  };

  return (
    <form className="staff-form inquiry-status" onSubmit={submit} aria-label={t.title}>
      <h2 className="inquiry-status__title">{props.title}</h2>
      <p className="inquiry-status__current">
        <span className={`inquiries__status inquiries__status--${current}`}>{labelOf(current)}</span>
      </p>
      {next ? null : <p className="inquiry-status__final">{t.final}</p>}
      <LabeledSelect
        label={t.status}
        value={status}
        disabled={!next}
        options={choices.map((choice) => [choice, labelOf(choice)] as const)}
        onChange={setStatus}
      />
      <LabeledText
        label={t.resolution}
        value={resolution}
        maxLength={INQUIRY_RESOLUTION_MAX}
        rows={4}
        onChange={setResolution}
        counterId={`${counterId}-resolution`}
      />
      <LengthCounter id={`${counterId}-resolution`} text={resolution} max={INQUIRY_RESOLUTION_MAX} className="inquiry-status__counter" />
      <LabeledText
        label={t.internalNotes}
        value={internalNotes}
        maxLength={INQUIRY_INTERNAL_NOTES_MAX}
        rows={3}
        onChange={setInternalNotes}
        counterId={`${counterId}-notes`}
      />
      <LengthCounter id={`${counterId}-notes`} text={internalNotes} max={INQUIRY_INTERNAL_NOTES_MAX} className="inquiry-status__counter" />
      <FormError error={error} />
      <button type="submit" className="button button--primary" disabled={inFlight}>
        {t.submit}
      </button>
    </form>
  );
}
