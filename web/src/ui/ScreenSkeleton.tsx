import { SKELETON_BLOCKS } from '@domain/limits.js';
import { uiTexts } from '@domain/messages.js';

interface ScreenSkeletonProps {
  /** The first grey shape: a title line, or the feed's category chips. */
  lead?: 'line' | 'chips';
  blocks?: number;
}

/**
 * What a screen shows while its code or data loads (002 §2.3): grey blocks where the content will be, marked busy
 * and announced to screen readers by a visually hidden label.
 */
export function ScreenSkeleton({ lead = 'line', blocks = SKELETON_BLOCKS.screen }: ScreenSkeletonProps) {
  return (
    <div className="screen-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{uiTexts.loading}</span>
      <div className={`skeleton skeleton--${lead}`} />
      {Array.from({ length: blocks }, (_, index) => (
        <div key={index} className="skeleton skeleton--card" />
      ))}
    </div>
  );
}
