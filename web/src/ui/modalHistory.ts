import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';

/**
 * Back closes a modal: on Android the back button is how a sheet is put away. Opening a modal pushes a history entry
 * at the same address whose state names it; Back leaves that entry, and so closes the modal. Closed any other way
 * (×, Escape, its backdrop, its action done), the modal goes back off its entry, so no entry is left behind for a
 * Back that would change nothing. The screen's own state still opens and closes the modal.
 */

/** The router's state of an entry a modal pushed: the modals open on it, outermost first. */
interface ModalEntryState {
  modals?: string[];
}

/** What the router keeps in `history.state`: the app's state (`usr`), the entry's key and its position. */
interface RouterEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const modalsIn = (state: unknown): string[] => (state as ModalEntryState | null)?.modals ?? [];
const routerEntry = () => window.history.state as RouterEntry | null;
const currentAddress = () => window.location.pathname + window.location.search + window.location.hash;

/** A modal's ids differ from a previous page load's, whose entries a reload leaves in the history. */
const pageLoad = Date.now().toString(36);
const openModals = new Set<string>();
/** Closings wait a moment: a modal mounted again at once (React's StrictMode, in development) keeps its entry. */
const closings = new Map<string, ReturnType<typeof setTimeout>>();

/** Set while the screen's own Back past its modals' entries is on its way: those modals, closing, leave nothing to undo. */
let leavingPastModals = false;

/** How many entries the modals open on the screen have pushed above its own. */
export const modalEntriesOnTop = (): number => modalsIn(routerEntry()?.usr).length;

/**
 * The screen's Back while modals are open over it (a story deleted from its confirmation, the last one): one step
 * past each modal's entry and the screen's own, in one move; the modals closing meanwhile do not step back again.
 */
export function goBackPastModals(navigate: NavigateFunction): void {
  const steps = modalEntriesOnTop() + 1;
  if (steps > 1) {
    leavingPastModals = true;
    addEventListener('popstate', () => (leavingPastModals = false), { once: true });
  }
  navigate(-steps);
}

/**
 * Set from a Back taken here until the browser has made it (its popstate). Until then the router may still render the
 * entry that Back leaves (its location commits in a transition, possibly after the modal closed), and that entry must
 * not be skipped once more: two steps back would leave the screen, or the app.
 */
let backUnderWay = false;

function stepBack(navigate: NavigateFunction): void {
  backUnderWay = true;
  addEventListener('popstate', () => (backUnderWay = false), { once: true });
  navigate(-1);
}

/** Back off a closed modal's entry. */
function leaveEntry(navigate: NavigateFunction, entry: RouterEntry): void {
  const now = routerEntry();
  // Back is only ever taken off an entry a modal pushed: never off the screen's own (which would leave the screen, or
  // the app when the screen is the first page of the tab).
  if (!now || leavingPastModals || modalsIn(entry.usr).length === 0) return;
  if (now.key === entry.key) {
    stepBack(navigate);
  } else if (now.idx === entry.idx) {
    // The screen went on by replacing the modal's entry (logged in, deleted the post): what it meant to replace is the
    // page under the modal, so that page is replaced once Back has reached it.
    const to = currentAddress();
    const state = now.usr;
    addEventListener('popstate', () => navigate(to, { replace: true, state }), { once: true });
    stepBack(navigate);
  }
  // Otherwise Back has already left the entry, or a new screen was opened on top of it (skipped on the way back).
}

/**
 * A modal's history entry while `open`: pushed as it opens, left as it closes; Back calls `onClose`. Used by the modal
 * kit (ModalDialog, and the modals that are not a <dialog>).
 */
export function useModalHistory(open: boolean, onClose: () => void): void {
  const id = pageLoad + useId();
  const navigate = useNavigate();
  const location = useLocation();
  const close = useRef(onClose);
  const entry = useRef<RouterEntry | null>(null);
  /** Whether the router has shown the modal's entry yet (until then, the location rendered is the one it opened on). */
  const shown = useRef(false);

  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    openModals.add(id);
    const closing = closings.get(id);
    if (closing !== undefined) {
      clearTimeout(closing);
      closings.delete(id);
    } else {
      const state = routerEntry()?.usr;
      navigate(currentAddress(), { state: { ...(state as object | null), modals: [...modalsIn(state), id] } });
      entry.current = routerEntry();
      shown.current = false;
    }
    return () => {
      openModals.delete(id);
      closings.set(
        id,
        setTimeout(() => {
          closings.delete(id);
          if (entry.current) leaveEntry(navigate, entry.current);
          entry.current = null;
        }),
      );
    };
  }, [open, id, navigate]);

  const onEntry = modalsIn(location.state).includes(id);
  useEffect(() => {
    if (!open || !entry.current) return;
    if (onEntry) shown.current = true;
    else if (shown.current) close.current();
  }, [open, onEntry]);
}

/**
 * Mounted once, in the layout: an entry naming modals none of which is open (left by a reload, or by a link followed
 * from a modal) is passed over, so Back never lands on a page that looks like the one before it.
 */
export function useClosedModalEntriesSkipped(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const modals = modalsIn(location.state);
    if (backUnderWay) return;
    if (modals.length > 0 && !modals.some((id) => openModals.has(id) || closings.has(id))) stepBack(navigate);
  }, [location, navigate]);
}
