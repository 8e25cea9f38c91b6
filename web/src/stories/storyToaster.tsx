import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { STORY_TOAST } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';

/**
 * The stories' own toaster (002 §4.4, §9): at most three visible, bottom right, closing after 4000 ms,
 * paused while hovered or while the tab is hidden, dismissed by a swipe or the close button. The app's
 * global toast stays as it is; this store lives in the module so a toast survives navigating away.
 */
/** A button in the toast (e.g. 되돌리기); pressing it runs `run` and closes the toast. */
export interface StoryToastAction {
  label: string;
  run: () => void;
}

interface StoryToast {
  id: number;
  message: string;
  tone: 'success' | 'error';
  action?: StoryToastAction;
}

let toasts: StoryToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast; answers its id, for `dismissStoryToast`. */
export function showStoryToast(message: string, tone: StoryToast['tone'] = 'success', action?: StoryToastAction): number {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone, action }];
  emit();
  return id;
}

/** Closes a toast before its time, when what it says no longer holds. */
export function dismissStoryToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `top`: in the story viewer, under its header, clear of the emoji bar, the message field and the like. */
export function StoryToaster({ placement = 'bottom' }: { placement?: 'top' | 'bottom' }) {
  const all = useSyncExternalStore(subscribe, () => toasts);
  const visible = all.slice(-STORY_TOAST.visible);
  if (!visible.length) return null;
  return (
    <ol className={`story-toaster story-toaster--${placement}`} style={{ width: STORY_TOAST.widthPx, gap: STORY_TOAST.gapPx }} aria-live="polite">
      {visible.map((toast) => (
        <StoryToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}

function StoryToastItem({ toast }: { toast: StoryToast }) {
  const [hovered, setHovered] = useState(false);
  const [tabHidden, setTabHidden] = useState(() => document.visibilityState === 'hidden');
  const [offset, setOffset] = useState(0);
  const remaining = useRef(STORY_TOAST.durationMs);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onVisibility = () => setTabHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (hovered || tabHidden) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissStoryToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [hovered, tabHidden, toast.id]);

  return (
    <li
      className={`story-toast story-toast--${toast.tone}`}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={(event) => {
        startX.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
      }}
      onPointerUp={() => {
        if (offset >= STORY_TOAST.swipeThresholdPx) dismissStoryToast(toast.id);
        startX.current = null;
        setOffset(0);
      }}
    >
      {/* The status is the message, inside the list item: a list holds only items (axe: list). */}
      <span role="status">{toast.message}</span>
      {toast.action ? (
        <button
          type="button"
          className="story-toast__action"
          onClick={() => {
            dismissStoryToast(toast.id);
            toast.action!.run();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button type="button" className="story-toast__close" aria-label={storyTexts.toastClose} onClick={() => dismissStoryToast(toast.id)}>
        ×
      </button>
    </li>
  );
}
