import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { communityTexts, reportTexts } from '@domain/messages.js';
import { useBlockPostMutation, useBlockUserMutation, useDeletePostMutation, useReportPostMutation } from './usePostModerationMutations';
import { ReportModal, wasReported } from './ReportModal';
import { fromPostScreen, postEditPath } from './editNavigation';
import { ConfirmDialog, type ConfirmKind } from '../ui/ConfirmDialog';
import { useMemberAction } from '../accounts/useMemberAction';
import { useToast } from '../ui/toast/ToastProvider';

const t = communityTexts.post;

/** A dialog of 000 §4 that leads to a request once confirmed. */
type Pending = Extract<ConfirmKind, 'delete' | 'report' | 'block' | 'blockPost'>;

/**
 * The post's actions: the author edits and deletes; other members report, block the post or its author.
 * Guests get the login modal instead of any dialog (000 §4, §6).
 */
export function PostActions({ postId, authorId, viewerId }: { postId: string; authorId: string | null; viewerId: string | null }) {
  const isAuthor = viewerId !== null && authorId === viewerId;
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const asMember = useMemberAction();
  const navigate = useNavigate();
  const toast = useToast();
  const deletePost = useDeletePostMutation();
  const reportPost = useReportPostMutation();
  const blockPost = useBlockPostMutation();
  const blockUser = useBlockUserMutation();
  const reportTarget = `${viewerId}:${postId}`;

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      setConfirming(null);
      toast.show(success, 'success');
      navigate('/community', { replace: true });
    } catch (error) {
      setConfirming(null);
      toast.show(error instanceof Error && error.message ? error.message : failure, 'error');
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    switch (confirming) {
      case 'delete':
        return run(() => deletePost(postId), t.deleted, t.deleteFailed);
      case 'blockPost':
        return run(() => blockPost(postId), t.blocked, t.blockFailed);
      case 'block':
        return authorId ? run(() => blockUser(authorId), t.userBlocked, t.blockFailed) : undefined;
      case 'report':
        // The report dialog leads to the report modal, where the reason is written.
        setConfirming(null);
        setReporting(true);
        return undefined;
      default:
        return undefined;
    }
  };

  return (
    <div className="post-actions" role="group" aria-label={t.actions}>
      {isAuthor ? (
        <>
          <button type="button" className="button button--secondary" onClick={() => navigate(postEditPath(postId), fromPostScreen)}>
            {t.edit}
          </button>
          <button type="button" className="button button--secondary" onClick={() => asMember(() => setConfirming('delete'))}>
            {t.delete}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button button--secondary"
            // Reported already: that alone, not the confirmation and the form again to end with the same words.
            onClick={() => asMember(() => (wasReported(reportTarget) ? toast.show(reportTexts.alreadyReported, 'info') : setConfirming('report')))}
          >
            {t.report}
          </button>
          <button type="button" className="button button--secondary" onClick={() => asMember(() => setConfirming('blockPost'))}>
            {t.block}
          </button>
          {authorId ? (
            <button type="button" className="button button--secondary" onClick={() => asMember(() => setConfirming('block'))}>
              {t.blockAuthor}
            </button>
          ) : null}
        </>
      )}
      {confirming ? <ConfirmDialog kind={confirming} open onConfirm={() => void confirm()} onCancel={() => setConfirming(null)} busy={busy} /> : null}
      <ReportModal open={reporting} onClose={() => setReporting(false)} onSubmit={(report) => reportPost(postId, report)} target={reportTarget} />
    </div>
  );
}
