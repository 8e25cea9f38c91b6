import type { Database } from './client.js';
import { notices, notifications } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const STAFF_ID = 1;
const MALLANG_ID = 2;

/** Demo notices and a few notifications for 말랑콩떡, deterministic relative to `now`. */
export async function seedMessaging(db: Database, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await db.insert(notices).values([
    {
      title: '슬라임 커뮤니티 이용 규칙 안내',
      content: '서로 존중하는 커뮤니티를 위해 욕설, 도배, 거래 사기 글은 삭제될 수 있습니다. 신고 기능을 적극 이용해주세요.',
      category: 'policy',
      isImportant: true,
      isPinned: true,
      authorId: STAFF_ID,
      tags: ['규칙'],
      createdAt: daysAgo(30),
      updatedAt: daysAgo(30),
    },
    {
      title: '정기 점검 안내 (매주 목요일 오전 6시~8시)',
      content: '매주 목요일 오전 6시부터 8시까지 서버 점검이 진행됩니다. 점검 중에는 글쓰기와 알림이 잠시 멈춥니다.',
      category: 'maintenance',
      authorId: STAFF_ID,
      createdAt: daysAgo(7),
      updatedAt: daysAgo(7),
    },
    {
      title: '확률표 업데이트 이벤트',
      content: '새 시즌 확률표가 공개되었습니다. 확률표 화면에서 확인해보세요!',
      category: 'event',
      authorId: STAFF_ID,
      tags: ['이벤트', '확률표'],
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    },
  ]);
  await db.insert(notifications).values([
    {
      userId: MALLANG_ID,
      senderId: STAFF_ID,
      type: 'announcement',
      title: '확률표 업데이트 이벤트',
      content: '새 시즌 확률표가 공개되었습니다.',
      url: '/my/notice',
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    },
    {
      userId: MALLANG_ID,
      type: 'system',
      title: '슬라임 커뮤니티에 오신 것을 환영합니다',
      content: '알림 설정에서 받고 싶은 알림을 고를 수 있어요.',
      url: '/my/notifications',
      isRead: true,
      readAt: daysAgo(29),
      createdAt: daysAgo(30),
      updatedAt: daysAgo(29),
    },
  ]);
}
