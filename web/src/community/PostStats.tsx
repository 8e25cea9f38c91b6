import { uiTexts } from '@domain/messages.js';
import { CommentIcon, EyeIcon, HeartIcon } from '../ui/icons';
import { formatCount } from '../ui/formatCount';

interface PostStatsProps {
  likeCount: number;
  replyCount: number;
  viewCount: number;
}

/** Like, reply and view counts, each labelled for screen readers. */
export function PostStats({ likeCount, replyCount, viewCount }: PostStatsProps) {
  const stats = [
    { key: 'likes', label: uiTexts.likes, value: likeCount, icon: <HeartIcon /> },
    { key: 'replies', label: uiTexts.replies, value: replyCount, icon: <CommentIcon /> },
    { key: 'views', label: uiTexts.views, value: viewCount, icon: <EyeIcon /> },
  ];
  return (
    <ul className="post-stats">
      {stats.map((stat) => (
        <li key={stat.key} className="post-stats__item" aria-label={`${stat.label} ${stat.value}`} data-stat={stat.key}>
          {stat.icon}
          <span aria-hidden="true">{formatCount(stat.value)}</span>
        </li>
      ))}
    </ul>
  );
}
