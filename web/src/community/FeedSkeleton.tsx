import { uiTexts } from '@domain/messages.js';

const SKELETON_CARDS = 5;

/** Placeholder cards while the feed's first page loads. */
export function FeedSkeleton() {
  return (
    <div className="feed-skeleton" role="status" aria-label={uiTexts.loading}>
      <div className="skeleton skeleton--chips" />
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className="skeleton skeleton--card" />
      ))}
    </div>
  );
}
