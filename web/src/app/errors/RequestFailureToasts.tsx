import { useEffect } from 'react';
import { globalNotice, type GlobalNotice } from '@domain/errorNotices.js';
import { REPEATED_FAILURES } from '@domain/limits.js';
import { globalErrorTexts } from '@domain/messages.js';
import { useToast } from '../../ui/toast/ToastProvider';
import type { onRequestOutcome, RequestOutcome } from './requestFailures';

let streak = 0;
let lastFailureAt = 0;

/**
 * The global error handler of 002 §8.2, in one place: what a request's failure tells. A failed mutation (a tap, a
 * form) is told as a toast of its kind; a failed query is shown by its screen's fallback (002 §8.4) instead, never
 * as a toast. From the `REPEATED_FAILURES.count`th failure in a row (queries count too), each within `windowMs` of
 * the one before, a failed mutation is told as 'request keeps failing'. The text is kept on the error (`toldAs`), so the screen awaiting the request says the
 * same words and the toast shows once.
 */
function noticeFor({ error, isQuery }: RequestOutcome): GlobalNotice | null {
  if (!error) {
    streak = 0;
    return null;
  }
  // 002 §4.3: a refused session is the login flow's to tell, not a failure of the request.
  if (error.code === 'UNAUTHORIZED') return null;
  const now = Date.now();
  streak = now - lastFailureAt <= REPEATED_FAILURES.windowMs ? streak + 1 : 1;
  lastFailureAt = now;
  // A screen's own data is never told in a toast: its fallback says it loads again by itself once the service is back,
  // which "try again later" would contradict. A tap is not tried again by itself, so its streak is told as such.
  if (isQuery) return null;
  if (streak >= REPEATED_FAILURES.count) return { messages: [globalErrorTexts.repeatedFailures], kind: 'error' };
  return globalNotice(error);
}

/**
 * Shows the global error handler's toasts: one per message, warnings for input problems. The layout hands over
 * `subscribe` (the entry's listener list) so this lazy chunk shares no module with the entry.
 */
export default function RequestFailureToasts({ subscribe }: { subscribe: typeof onRequestOutcome }) {
  const toast = useToast();
  useEffect(
    () =>
      subscribe((outcome) => {
        const notice = noticeFor(outcome);
        if (!notice || !outcome.error) return;
        outcome.error.toldAs = notice.messages[0];
        notice.messages.forEach((message) => toast.show(message, notice.kind));
      }),
    [subscribe, toast],
  );
  return null;
}
