import { uiTexts } from '@domain/messages.js';
import { CommentIcon, EyeIcon, HeartIcon } from '../ui/icons';
import { formatCount } from '../ui/formatCount';

interface PostStatsProps {
  likeCount: number;
  replyCount: number;
  viewCount: number;
}

/**
 * Like, reply and view counts, each named in text a screen reader reads (an aria-label on the item was not read:
 * cards sounded "4 4 28"); the short count shown (1.2만) is for the eye, the whole number for the ear.
 */
export function PostStats({ likeCount, replyCount, viewCount }: PostStatsProps) {
  const stats = [
    { key: 'likes', label: uiTexts.likes, value: likeCount, icon: <HeartIcon /> },
    { key: 'replies', label: uiTexts.replies, value: replyCount, icon: <CommentIcon /> },
    { key: 'views', label: uiTexts.views, value: viewCount, icon: <EyeIcon /> },
  ];
  return (
    <ul className="post-stats">
      {stats.map((stat) => (
        <li key={stat.key} className="post-stats__item" data-stat={stat.key}>
          {stat.icon}
          <span aria-hidden="true">{formatCount(stat.value)}</span>
          <span className="visually-hidden">{`${stat.label} ${stat.value}`}</span>
        </li>
      ))}
    </ul>
  );
}
