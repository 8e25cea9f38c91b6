import type { Database } from './client.js';
import { notices, notifications } from './schema.js';
import { itemTexts } from '../../../domain/messages.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const STAFF_ID = 1;
const MALLANG_ID = 2;

const wishGuide = {
  title: `${itemTexts.myWishes} 사용법`,
  content:
    `아이템 검색에서 아이템을 열고 "${itemTexts.addToBuyList}" 또는 "${itemTexts.addToSellList}"를 누르면 ` +
    `${itemTexts.wishListNames.buy}나 ${itemTexts.wishListNames.sell}에 담깁니다. 마이페이지의 ${itemTexts.myWishes}에서 ` +
    `두 리스트를 나눠 보고, 가격을 고치거나 거래가 끝난 항목을 정리할 수 있어요. 같은 아이템을 원하는 회원과 파는 회원은 ` +
    `아이템 정보의 ${itemTexts.tabs.sellers}·${itemTexts.tabs.buyers} 탭에서 찾을 수 있습니다.`,
};

/** Demo notices and a few notifications for 말랑콩떡, deterministic relative to `now`. */
export async function seedMessaging(db: Database, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const seededNotices = await db
    .insert(notices)
    .values([
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
      // Guides (/my/guide): notices of category guide.
      {
        title: '슬라임 커뮤니티 이용 가이드',
        content:
          '커뮤니티 탭에서 카테고리별 글을 보고, 오른쪽 아래 글쓰기 버튼으로 새 글을 올릴 수 있어요. 마음에 드는 글에는 좋아요를 누르고, 댓글과 답글로 이야기를 나눠보세요. 내가 쓴 글과 댓글, 좋아요한 글은 마이페이지에서 모아 볼 수 있습니다. 불쾌한 글은 신고하거나 작성자를 차단할 수 있어요.',
        category: 'guide',
        authorId: STAFF_ID,
        tags: ['가이드', '커뮤니티'],
        createdAt: daysAgo(28),
        updatedAt: daysAgo(28),
      },
      {
        title: '안전한 아이템 거래 가이드',
        content:
          '거래 글에는 아이템 이름과 가격, 거래 방식(판매·구매)을 정확히 적어주세요. 선입금을 요구하거나 외부 메신저로만 연락하자는 상대는 주의하세요. 거래 전에 상대의 프로필과 작성 글을 확인하고, 사기가 의심되면 거래를 멈추고 신고해주세요. 운영진은 회원 간 거래를 중개하지 않습니다.',
        category: 'guide',
        authorId: STAFF_ID,
        tags: ['가이드', '거래'],
        createdAt: daysAgo(21),
        updatedAt: daysAgo(21),
      },
      {
        // The guide names the lists, buttons and screens as the app shows them.
        title: wishGuide.title,
        content: wishGuide.content,
        category: 'guide',
        authorId: STAFF_ID,
        tags: ['가이드', itemTexts.myWishes],
        createdAt: daysAgo(14),
        updatedAt: daysAgo(14),
      },
      {
        title: '확률표 보는 방법',
        content:
          '확률표 화면에서 상자나 뽑기 종류를 고르면 나올 수 있는 아이템과 각각의 확률이 표시됩니다. 검색으로 원하는 아이템을 찾고, 아이템을 눌러 자세한 정보를 볼 수 있어요. 확률은 한 번 뽑을 때의 값이며, 여러 번 뽑아도 확률이 누적되지는 않습니다. 확률표가 바뀌면 공지사항으로 알려드립니다.',
        category: 'guide',
        authorId: STAFF_ID,
        tags: ['가이드', '확률표'],
        createdAt: daysAgo(10),
        updatedAt: daysAgo(10),
      },
    ])
    .returning({ id: notices.id, title: notices.title });
  // Oldest first: the inbox lists by arrival (id), as real notifications arrive in time order.
  await db.insert(notifications).values([
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
    {
      userId: MALLANG_ID,
      senderId: STAFF_ID,
      type: 'announcement',
      title: '확률표 업데이트 이벤트',
      content: '새 시즌 확률표가 공개되었습니다.',
      // The announcement opens the notice it announces.
      url: `/my/notice/${seededNotices.find((notice) => notice.title === '확률표 업데이트 이벤트')!.id}`,
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    },
  ]);
}
