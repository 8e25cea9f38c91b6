/**
 * The member whose stories the viewer showed last, for the tray to put focus back on their ring. The viewer leaves by
 * going back in history (so the feed comes back where it was scrolled), and an entry gone back to carries no new state.
 */
let closedStoriesOf: string | null = null;

export function noteClosedStories(userId: string): void {
  closedStoriesOf = userId;
}

export function takeClosedStories(): string | null {
  const userId = closedStoriesOf;
  closedStoriesOf = null;
  return userId;
}
