import type { KeyboardEvent } from 'react';

/** Where each key moves from the tab with focus (WAI-ARIA tabs): Left and Right wrap around, Home and End go to the ends. */
const MOVES: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (current, count) => (current + 1) % count,
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  Home: () => 0,
  End: (_current, count) => count - 1,
};

/**
 * The `onKeyDown` of a `role="tablist"`: the arrow keys, Home and End move focus to another tab and select it (its
 * click). With the roving tabindex (`tabIndexOf`), Tab enters the list at the selected tab and leaves it after.
 */
export function onTabListKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[event.key];
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const current = tabs.indexOf(document.activeElement as HTMLElement);
  if (!move || current < 0) return;
  event.preventDefault();
  const next = tabs[move(current, tabs.length)];
  next.click();
  next.focus();
  // A panel that focuses its first field when it mounts must not take focus off the tabs.
  requestAnimationFrame(() => next.focus());
}

/** The roving tabindex: only the selected tab is in the page's Tab order. */
export const tabIndexOf = (selected: boolean) => (selected ? 0 : -1);
