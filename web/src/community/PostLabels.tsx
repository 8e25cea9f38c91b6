import { graphql, useFragment } from 'react-relay';
import { SPECIAL_IDS } from '@domain/limits.js';
import { uiTexts } from '@domain/messages.js';
import type { PostLabels_post$key } from '../__generated__/PostLabels_post.graphql';

interface PostLabelsProps {
  post: PostLabels_post$key;
  /** The row's class: `post-card__labels` in a list, `post-detail__labels` on the post's own screen. */
  className: string;
  categoryTestId: string;
}

/**
 * A post's labels, as its card and its own screen show them: 공지, 고정 and its board (with the sub-board when the
 * fragment is spread with `withSubCategory: true`). A notice on the 공지 board says 공지 once: its board chip takes
 * the notice colour instead of a second 공지 label beside it.
 */
export function PostLabels({ post, className, categoryTestId }: PostLabelsProps) {
  const data = useFragment(
    graphql`
      fragment PostLabels_post on Post @argumentDefinitions(withSubCategory: { type: "Boolean!", defaultValue: false }) {
        isNotice
        isPinned
        category {
          databaseId
          name
        }
        subCategory @include(if: $withSubCategory) {
          name
        }
      }
    `,
    post,
  );

  const chipIsNotice = data.isNotice && data.category?.databaseId === SPECIAL_IDS.notice;
  const chip = data.category ? (
    <span className={chipIsNotice ? 'label label--notice' : 'label'} data-testid={categoryTestId}>
      {data.category.name}
      {data.subCategory ? ` · ${data.subCategory.name}` : ''}
    </span>
  ) : null;
  return (
    <div className={className}>
      {chipIsNotice ? chip : data.isNotice ? <span className="label label--notice">{uiTexts.notice}</span> : null}
      {data.isPinned ? <span className="label label--pinned">{uiTexts.pinned}</span> : null}
      {chipIsNotice ? null : chip}
    </div>
  );
}
