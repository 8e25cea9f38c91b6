/**
 * Every Korean text of the product, in one place: error catalogue (spec 000 §8, 002 §8),
 * validation messages (000 §5) and the web client's labels. Nothing else writes Korean.
 * The larger groups live in texts/ and are re-exported here, so a web page downloads only the groups it shows.
 */
export { reportTexts } from './texts/report.js';
export { communityTexts, recentSearchTexts, replyLinkTexts } from './texts/community.js';
export { itemTexts } from './texts/items.js';
export { accountTexts } from './texts/account.js';
export { journeyTexts } from './texts/account-journeys.js';
export { storyTexts } from './texts/stories.js';
export { storyTrayTexts } from './texts/story-tray.js';
export { messagingTexts } from './texts/messaging.js';
export { staffTexts } from './texts/staff.js';
export { loginSheetTexts } from './texts/login-sheet.js';
export { legalTexts } from './texts/legal.js';
export { infoTexts } from './texts/info.js';
export { validationTexts } from './texts/validation.js';
export { hardeningTexts } from './texts/hardening.js';
export { idempotencyTexts } from './texts/idempotency.js';
export { recoveryTexts } from './texts/recovery.js';

export const errorMessages = {
  NETWORK_ERROR: '네트워크 연결에 실패했습니다. 인터넷 연결을 확인해주세요.',
  TIMEOUT: '요청 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.',
  UNKNOWN: '알 수 없는 오류가 발생했습니다.',
  BAD_REQUEST: '잘못된 요청입니다.',
  UNAUTHORIZED: '인증이 필요합니다. 다시 로그인해주세요.',
  FORBIDDEN: '접근 권한이 없습니다.',
  NOT_FOUND: '요청한 리소스를 찾을 수 없습니다.',
  CONFLICT: '충돌이 발생했습니다.',
  UNPROCESSABLE_ENTITY: '입력한 데이터를 처리할 수 없습니다.',
  INTERNAL_SERVER_ERROR: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  SERVICE_UNAVAILABLE: '서비스를 일시적으로 사용할 수 없습니다.',
  OTHER_CLIENT_ERROR: '요청을 처리할 수 없습니다.',
  OTHER_SERVER_ERROR: '서버 오류가 발생했습니다.',
  BUSINESS_ERROR: '요청을 처리할 수 없습니다.',
} as const;

/**
 * A write whose outcome the server could not learn: its call to the REST API timed out, or lost its connection, after
 * it was sent, so the write may have been stored (the API commits after the time-out). The catalogue's TIMEOUT text (000
 * §8: "request timed out, try again later") is kept for reads; for a write, "try again" could undo a like that was
 * stored or send a message twice, so these say to check first. A decision beyond the spec, which words only the
 * time-out (docs/api.md, Errors).
 */
export const outcomeUnknownMessages = {
  TIMEOUT: '요청 시간이 초과되었습니다. 처리되었는지 확인한 뒤 다시 시도해주세요.',
  CONNECTION_LOST: '요청을 처리하는 중에 연결이 끊어졌습니다. 처리되었는지 확인한 뒤 다시 시도해주세요.',
} as const;

/** What the global error handler shows (002 §8.2) and the fallback screen (002 §8.4). */
export const globalErrorTexts = {
  /** 002 §4.3: the stored session was refused (shown by the shell, so it is not in the login sheet's group). */
  loginNeeded: '로그인이 필요합니다. 다시 로그인해주세요.',
  network: '네트워크 연결을 확인해주세요.',
  timeout: '요청 시간이 초과되었습니다.',
  checkInput: '입력 내용을 확인해주세요.',
  notFound: '요청한 정보를 찾을 수 없습니다.',
  server: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  repeatedFailures: '요청이 계속 실패합니다. 잠시 후 다시 시도해주세요.',
  fallbackTitle: '문제가 발생했습니다',
  fallbackText: '예상치 못한 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  tryAgain: '다시 시도',
} as const;

/** Labels of the web client (000 §2, 002 §2). */
export const uiTexts = {
  appTitle: '슬라임 커뮤니티',
  tabs: { home: '홈', search: '검색', write: '작성', notification: '알림', profile: '프로필' },
  back: '뒤로 가기',
  close: '닫기',
  community: '커뮤니티',
  postDetail: '게시글',
  allCategories: '전체',
  loading: '불러오는 중...',
  loadingMore: '더 불러오는 중...',
  emptyFeed: '아직 게시글이 없습니다.',
  endOfFeed: '마지막 게시글입니다.',
  notFoundTitle: '페이지를 찾을 수 없습니다',
  notFoundText: '요청한 정보를 찾을 수 없습니다.',
  goHome: '홈으로 가기',
  postNotFound: '게시글을 찾을 수 없습니다.',
  likes: '좋아요',
  replies: '댓글',
  views: '조회',
  unknownAuthor: '알 수 없음',
  loginRequired: '로그인이 필요합니다',
  loginModalText: '이 기능을 사용하려면 로그인해주세요.',
  login: '로그인',
  cancel: '취소',
  confirm: '확인',
  appNavigation: '주요 메뉴',
  /** The first stop of the Tab order: straight to the screen's content. */
  skipToContent: '본문으로 건너뛰기',
  categoryFilter: '카테고리',
  pinned: '고정',
  notice: '공지',
  relativeTime: {
    justNow: '방금 전',
    minutes: (n: number) => `${n}분 전`,
    hours: (n: number) => `${n}시간 전`,
    days: (n: number) => `${n}일 전`,
    weeks: (n: number) => `${n}주 전`,
    months: (n: number) => `${n}개월 전`,
    years: (n: number) => `${n}년 전`,
  },
} as const;
