import { STORY_IMAGE_DEFAULT_DURATION, STORY_LIFETIME_MS } from '../../../domain/limits.js';
import type { Database } from './client.js';
import { DEMO_MEMBERS } from './seed-data.js';
import { closeFriends, highlightStories, highlights, stories } from './schema.js';

const idOf = (handle: string) => DEMO_MEMBERS.findIndex((member) => member.handle === handle) + 1;

/** Demo stories: live for a day after the first start (like every story); the highlight keeps them after that. */
const DEMO_STORIES: { handle: string; picture: string; caption: string; privacy: 'public' | 'friends' | 'close_friends'; minutesAgo: number }[] = [
  { handle: 'mallang', picture: 'slimes/slime-pink.svg', caption: '오늘 분홍 슬라임을 키웠어요 🩷', privacy: 'public', minutesAgo: 90 },
  { handle: 'mallang', picture: 'slimes/slime-king.svg', caption: '드디어 킹슬라임 등장!', privacy: 'public', minutesAgo: 30 },
  { handle: 'jellybear', picture: 'slimes/slime-yellow.svg', caption: '말랑콩떡님이랑 사냥 중', privacy: 'friends', minutesAgo: 60 },
  { handle: 'pudding', picture: 'slimes/slime-blue.svg', caption: '푸딩처럼 말랑말랑', privacy: 'public', minutesAgo: 120 },
  { handle: 'artisan', picture: 'slimes/slime-purple.svg', caption: '친한 친구에게만 보여요', privacy: 'close_friends', minutesAgo: 15 },
];

/** Runs inside the demo seed (empty database only). */
export async function seedStories(db: Database, now: Date): Promise<void> {
  const rows = await db
    .insert(stories)
    .values(
      DEMO_STORIES.map((story) => {
        const createdAt = new Date(now.getTime() - story.minutesAgo * 60_000);
        return {
          userId: idOf(story.handle),
          mediaPath: story.picture,
          mediaType: 'image',
          mimeType: 'image/svg+xml',
          size: 0,
          duration: STORY_IMAGE_DEFAULT_DURATION,
          caption: story.caption,
          privacy: story.privacy,
          createdAt,
          updatedAt: createdAt,
          expiresAt: new Date(createdAt.getTime() + STORY_LIFETIME_MS),
        };
      }),
    )
    .returning({ id: stories.id, userId: stories.userId });
  await db.insert(closeFriends).values({ userId: idOf('artisan'), friendId: idOf('mallang') });
  const mallangStories = rows.filter((row) => row.userId === idOf('mallang'));
  const [highlight] = await db
    .insert(highlights)
    .values({ userId: idOf('mallang'), title: '슬라임 성장기', coverImage: null, createdAt: now, updatedAt: now })
    .returning({ id: highlights.id });
  await db.insert(highlightStories).values(mallangStories.map((story, position) => ({ highlightId: highlight.id, storyId: story.id, position })));
}
