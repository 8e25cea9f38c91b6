/**
 * Every Korean text of the product, in one place: error catalogue (spec 000 §8, 002 §8),
 * validation messages (000 §5) and the web client's labels. Nothing else writes Korean.
 * The larger groups live in texts/ and are re-exported here, so a web page downloads only the groups it shows.
 */
export { reportTexts } from './texts/report.js';
export { communityTexts } from './texts/community.js';
export { itemTexts } from './texts/items.js';
export { accountTexts } from './texts/account.js';
export { storyTexts } from './texts/stories.js';
export { messagingTexts } from './texts/messaging.js';
export { loginSheetTexts } from './texts/login-sheet.js';

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

/** What the global error handler shows (002 §8.2) and the fallback screen (002 §8.4). */
export const globalErrorTexts = {
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

export const validationTexts = {
  failed: (count: number) => `데이터 검증 실패: ${count}개의 오류가 발견되었습니다`,
  batchFailed: (index: number) => `배치 검증 실패 (인덱스: ${index})`,
  unknown: '알 수 없는 검증 오류가 발생했습니다',
  page: '페이지는 1 이상의 정수여야 합니다',
  pageSize: (min: number, max: number) => `페이지 크기는 ${min}에서 ${max} 사이의 정수여야 합니다`,
  connectionSize: (min: number, max: number) => `first 또는 last는 ${min}에서 ${max} 사이여야 합니다`,
  connectionSizeRequired: 'first 또는 last 중 하나를 지정해야 합니다',
  connectionBothSizes: 'first와 last를 함께 사용할 수 없습니다',
  cursor: '올바르지 않은 커서입니다',
  order: '정렬 순서는 asc 또는 desc여야 합니다',
  sort: '지원하지 않는 정렬 방식입니다',
  ordering: '지원하지 않는 정렬 필드입니다',
  postType: '지원하지 않는 게시글 유형입니다',
  tradeType: '거래 유형은 sell, buy, trade 중 하나여야 합니다',
  id: '올바른 ID가 아닙니다',
  date: '날짜는 YYYY-MM-DD 또는 ISO 8601 형식이어야 합니다',
  dateRange: '시작 날짜는 종료 날짜보다 늦을 수 없습니다',
  boolean: 'true 또는 false여야 합니다',
  price: '가격은 0 이상의 정수여야 합니다',
  priceRange: '최소 가격은 최대 가격보다 클 수 없습니다',
  searchMin: (min: number) => `검색어는 ${min}자 이상 입력해주세요`,
  searchMax: (max: number) => `검색어는 ${max}자 이내로 입력해주세요`,
  tags: (max: number) => `태그는 최대 ${max}개까지 지정할 수 있습니다`,
  titleRequired: '제목을 입력해주세요',
  titleMax: (max: number) => `제목은 ${max}자 이내로 입력해주세요`,
  contentRequired: '내용을 입력해주세요',
  contentMax: (max: number) => `내용은 ${max}자 이내로 입력해주세요`,
  replyRequired: '댓글을 입력해주세요',
  replyMax: (max: number) => `댓글은 ${max}자 이내로 입력해주세요`,
  reportRequired: '신고 내용을 입력해주세요',
  locationMax: (max: number) => `거래 장소는 ${max}자 이내로 입력해주세요`,
  searchType: '검색 유형은 title_content, title, content, nickname 중 하나여야 합니다',
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
  sold: '판매완료',
  onSale: '판매중',
  price: (won: number) => `${won.toLocaleString('ko-KR')}원`,
  tradeTypes: { sell: '팝니다', buy: '삽니다', trade: '교환' },
  location: '거래 장소',
  tags: '태그',
  loginRequired: '로그인이 필요합니다',
  loginModalText: '이 기능을 사용하려면 로그인해주세요.',
  login: '로그인',
  cancel: '취소',
  confirm: '확인',
  appNavigation: '주요 메뉴',
  categoryFilter: '카테고리',
  pinned: '고정',
  notice: '공지',
  tradeInfo: '거래 정보',
  tradeType: '거래 유형',
  tradeStatus: '거래 상태',
  priceLabel: '가격',
  postImage: (n: number) => `게시글 이미지 ${n}`,
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

/** The gateway's protective answers (limits, trusted documents, rate limits, subscriptions). */
export const hardeningTexts = {
  rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  tooExpensive: (cost: number, max: number) => `요청한 데이터가 너무 많습니다 (비용 ${cost}, 최대 ${max}). first/last 값을 줄여주세요.`,
  variablesTooLarge: (max: number) => `변수의 목록은 ${max}개 이내여야 합니다.`,
  bodyTooLarge: '요청 본문이 너무 큽니다.',
  persistedOperationNotFound: '등록되지 않은 작업입니다.',
  persistedOperationsOnly: '등록된 작업만 실행할 수 있습니다.',
  tooManySubscriptions: (max: number) => `한 연결에서 구독은 ${max}개까지 가능합니다.`,
} as const;
