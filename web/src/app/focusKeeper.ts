import { FOCUS_SETTLE_MS } from '@domain/limits.js';

/**
 * Keyboard focus never stays dropped on <body> after an action: when the control that had it leaves the screen (a
 * pressed button replaced by another, a list row removed, a screen left for the next) or is disabled while its action
 * is on its way, focus goes on from where the member was:
 * - a control disabled while busy gets it back once enabled again;
 * - one that stays disabled (its action leaves nothing more to do, as 모두 읽음 once all is read): after the screen has
 *   been still for FOCUS_SETTLE_MS, as if removed;
 * - a removed one: the control in its place in the nearest part of the screen that is still there (the button that
 *   replaced it; the next row of a list, or the row before when it was the last), once that part has no control left
 *   disabled (its action is over);
 * - otherwise (the screen itself changed): the screen's heading, its <h1>, made focusable by script only.
 * A tab of the tab bar pressed (a link of the app's main navigation) takes focus to the heading of the screen it opens,
 * once that screen shows, as a screen reader user expects of moving to another page. So does a tab that becomes the
 * current one while it has focus without being pressed (a guest's tab: the login sheet gives focus back to it, then
 * the app opens its screen).
 * A deliberate move (a dialog giving focus back, a form focusing its next field) comes first: nothing happens while
 * focus is anywhere but <body>, or once the member has put it somewhere themselves. Started once the page has loaded,
 * off the first screen's critical path.
 */

/** How long Back waits for the control it gives focus back to (the screen may still be loading). */
const RETURN_WAIT_MS = 3000;
/** Marks a button that opens another screen, with a value of its own on its screen, for Back to give focus back to. */
const RETURN_FOCUS = 'data-return-focus';
/** The control a screen was left by: the attribute that finds it again and its value. */
interface Opener {
  attribute: string;
  value: string;
}

/** What can take focus from the keyboard, enabled. */
const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function keepFocusOnScreen(): void {
  /** The element focus was last given to and its ancestors then, nearest first. */
  let last: HTMLElement | null = null;
  let ancestors: Element[] = [];
  /** For each ancestor, the siblings before and after the part of it `last` was in (its row, for a list). */
  let neighbours: { before: Element | null; after: Element | null }[] = [];
  /** True once `last` was seen disabled while focus was on <body>: focus comes back to it when it is enabled. */
  let waiting = false;
  /** Set while `last` is disabled: runs once the screen has been still for FOCUS_SETTLE_MS. */
  let settle: number | undefined;
  /** A tab was pressed: the heading shown then, left behind once the tab's screen shows (its own heading). */
  let leaving: Element | null | undefined;
  /** A tab that got focus while not the current one, and the heading shown then. */
  let focusedTab: { tab: Element; heading: Element | null } | undefined;

  document.addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest('.tab-bar a') : null;
    // (A guest's tap that opens the login sheet instead: the sheet takes focus, which ends the wait below.)
    if (tab && tab.getAttribute('aria-current') !== 'page') leaving = heading();
  });

  document.addEventListener('focusin', (event) => {
    if (!(event.target instanceof HTMLElement)) return;
    // Gone elsewhere (by the member, or a dialog) before the tab's screen showed: that move stands.
    if (!event.target.closest('.tab-bar')) leaving = undefined;
    const tab = event.target.closest('.tab-bar a');
    focusedTab = tab && tab.getAttribute('aria-current') !== 'page' ? { tab, heading: heading() } : undefined;
    last = event.target;
    waiting = false;
    ancestors = [];
    neighbours = [];
    for (let child: Element = last, parent = last.parentElement; parent; child = parent, parent = parent.parentElement) {
      ancestors.push(parent);
      neighbours.push({ before: child.previousElementSibling, after: child.nextElementSibling });
    }
  });

  const dropped = () => document.activeElement === null || document.activeElement === document.body;

  function rescue(): void {
    if (focusedTab && document.activeElement === focusedTab.tab && focusedTab.tab.getAttribute('aria-current') === 'page') {
      leaving = focusedTab.heading;
      focusedTab = undefined;
    }
    if (leaving !== undefined) {
      const next = heading();
      if (next && next !== leaving) {
        leaving = undefined;
        return focusHeading(next);
      }
    }
    if (!last) return;
    // Disabled while focused: the browser moves focus to <body> only as it next draws, after this.
    if (last.isConnected && last.matches(':disabled')) {
      waiting = true;
      window.clearTimeout(settle);
      const stuck = last;
      settle = window.setTimeout(() => {
        if (last === stuck && stuck.isConnected && stuck.matches(':disabled') && dropped()) goOn(stuck);
      }, FOCUS_SETTLE_MS);
    }
    if (!dropped()) return;
    if (last.isConnected) {
      // Enabled again after its action: back to it. (One the member left for <body> themselves stays left.)
      if (waiting && !last.matches(':disabled')) last.focus();
      return;
    }
    goOn(null);
  }

  /** Focus goes on from `last`, gone from the screen (or `stuck` there, disabled for good). */
  function goOn(stuck: HTMLElement | null): void {
    const main = document.querySelector('main');
    const index = ancestors.findIndex((element) => element.isConnected);
    const nearest = ancestors[index];
    if (main && nearest && nearest !== main && main.contains(nearest)) {
      // That part is still busy (its other controls wait for the action): wait with it.
      if ([...nearest.querySelectorAll('button:disabled')].some((button) => button !== stuck)) return;
      const controls = [...nearest.querySelectorAll<HTMLElement>(CONTROLS)].filter((element) => element.getClientRects().length > 0);
      const control = nextTo(controls, neighbours[index]!) ?? controls[0];
      if (control) return control.focus();
    }
    // The screen changed: its heading. None yet (the next screen is on its way): tried again at its next change.
    const next = heading();
    if (next) focusHeading(next);
  }

  /**
   * Back (or ×, which goes back) returns focus to the control the member left the screen by (a post's card, a
   * notification, a highlight), once the screen shows it again: a link is known by its address, a button that opens a
   * screen by its `data-return-focus`, noted under the key of the history entry it was pressed on. Used once; given up
   * when it does not come back soon, or once focus has been put anywhere but <body> or the heading.
   */
  const openers = new Map<string, Opener>();
  let returning: (Opener & { until: number }) | undefined;
  // The page's first entry has no state of the router's until it is replaced: the router calls it 'default' too.
  const entryKey = () => (window.history.state as { key?: string } | null)?.key ?? 'default';
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(`main a[href], main [${RETURN_FOCUS}]`) : null;
      if (!control) return;
      const attribute = control.hasAttribute(RETURN_FOCUS) ? RETURN_FOCUS : 'href';
      openers.set(entryKey(), { attribute, value: control.getAttribute(attribute)! });
    },
    true,
  );
  addEventListener('popstate', () => {
    const key = entryKey();
    const opener = openers.get(key);
    openers.delete(key);
    returning = opener ? { ...opener, until: Date.now() + RETURN_WAIT_MS } : undefined;
    // The router may have drawn the screen already (before this listener), or draw it in a later task.
    giveBack();
  });
  // Focus put somewhere after Back (by the member, a dialog, the screen itself) stays there.
  document.addEventListener('focusin', (event) => {
    if (returning && event.target !== heading()) returning = undefined;
  });
  function giveBack(): void {
    if (!returning) return;
    if (Date.now() > returning.until) return void (returning = undefined);
    // Still on the screen left (about to go): wait for it to go.
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused !== heading()) return;
    const { attribute, value } = returning;
    const control = [...document.querySelectorAll<HTMLElement>(`main [${attribute}]`)].find((element) => element.getAttribute(attribute) === value);
    if (!control || control.getClientRects().length === 0) return;
    returning = undefined;
    control.focus({ preventScroll: true });
  }

  new MutationObserver(() => {
    giveBack();
    rescue();
    uncover();
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'aria-current'] });
  document.addEventListener('focusin', uncover);
}

/**
 * Of a part's controls, the one where the member was: the first from the row that followed the one gone on (the next
 * row of a list), else the first of the row before it (the list's last row was the one gone).
 */
function nextTo(controls: HTMLElement[], { before, after }: { before: Element | null; after: Element | null }): HTMLElement | undefined {
  const follows = (element: Element, from: Element) =>
    from === element || from.contains(element) || !!(from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (after?.isConnected) return controls.find((control) => follows(control, after));
  if (before?.isConnected) return controls.find((control) => follows(control, before));
  return undefined;
}

/** The screen's heading: its <h1>. */
const heading = () => document.querySelector('main h1');

function focusHeading(element: Element): void {
  (element as HTMLElement).tabIndex = -1;
  (element as HTMLElement).focus({ preventScroll: true });
}

/**
 * The toasts (ui/toast) never cover what has focus (a screen's heading, the control focus went on to): over it, they
 * show at the bottom of the screen instead, above the tab bar.
 */
function uncover(): void {
  const stack = document.querySelector('.toast-stack');
  const focused = document.activeElement;
  if (!stack || !focused || stack.contains(focused)) return;
  stack.classList.remove('toast-stack--low');
  if (focused === document.body) return;
  const [a, b] = [stack, focused].map((element) => element.getBoundingClientRect());
  if (a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right) stack.classList.add('toast-stack--low');
}
