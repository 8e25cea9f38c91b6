/**
 * The Korean demo content the seed draws from. Paths are relative to /media (files in upstream/assets).
 */

export const DEMO_BADGES = [
  { key: 'staff', title: '운영진', description: '슬라임 커뮤니티를 지키는 운영진', image: 'badges/badge-crown.svg', grade: 'SSS', hexCode: '#A66CFF' },
  { key: 'master', title: '슬라임 마스터', description: '슬라임 100마리 육성 달성', image: 'badges/badge-star.svg', grade: 'SS', hexCode: '#FFB400' },
  { key: 'writer', title: '인기 작가', description: '좋아요 100개를 받은 글쓴이', image: 'badges/badge-heart.svg', grade: 'S', hexCode: '#FF6B6B' },
  { key: 'collector', title: '물방울 수집가', description: '희귀 물방울 슬라임 수집', image: 'badges/badge-drop.svg', grade: 'A', hexCode: '#4D96FF' },
  { key: 'sprout', title: '새싹 회원', description: '커뮤니티에 막 가입한 새싹', image: 'badges/badge-leaf.svg', grade: 'B', hexCode: '#3BB273' },
] as const;
export type BadgeKey = (typeof DEMO_BADGES)[number]['key'];

export interface DemoMember {
  handle: string;
  nickname: string;
  avatar: string | null;
  isStaff?: boolean;
  /** Badges the member holds; the first one is represented unless `represent` says otherwise. */
  badges: BadgeKey[];
  represent?: 'first' | 'none' | 'expired';
}

export const DEMO_MEMBERS: DemoMember[] = [
  { handle: 'admin', nickname: '운영자슬라임', avatar: 'avatars/avatar-cherry.svg', isStaff: true, badges: ['staff', 'master'] },
  { handle: 'mallang', nickname: '말랑콩떡', avatar: 'avatars/avatar-mint.svg', badges: ['master', 'writer'] },
  { handle: 'jellybear', nickname: '젤리곰', avatar: 'avatars/avatar-peach.svg', badges: ['writer'] },
  { handle: 'pudding', nickname: '푸딩왕자', avatar: 'avatars/avatar-sky.svg', badges: ['collector', 'sprout'] },
  { handle: 'artisan', nickname: '슬라임장인', avatar: 'avatars/avatar-grape.svg', badges: ['master', 'collector'] },
  { handle: 'greenie', nickname: '초록말랑', avatar: 'avatars/avatar-mint.svg', badges: ['sprout'] },
  { handle: 'pinkjelly', nickname: '핑크젤리', avatar: 'avatars/avatar-cherry.svg', badges: ['writer', 'sprout'], represent: 'none' },
  { handle: 'monggle', nickname: '몽글몽글', avatar: null, badges: [] },
  { handle: 'seaslime', nickname: '바다슬라임', avatar: 'avatars/avatar-sky.svg', badges: ['collector'] },
  { handle: 'lemon', nickname: '레몬톡톡', avatar: 'avatars/avatar-lemon.svg', badges: ['sprout'], represent: 'expired' },
  { handle: 'grape', nickname: '포도알', avatar: 'avatars/avatar-grape.svg', badges: ['writer'] },
  { handle: 'peach', nickname: '복숭아빛', avatar: 'avatars/avatar-peach.svg', badges: [] },
  { handle: 'sticky', nickname: '끈적이', avatar: null, badges: ['sprout'] },
  { handle: 'twinkle', nickname: '반짝별', avatar: 'avatars/avatar-lemon.svg', badges: ['collector', 'master'] },
  { handle: 'collector', nickname: '수집가김씨', avatar: 'avatars/avatar-mint.svg', badges: ['collector'] },
  { handle: 'sprout', nickname: '새싹회원', avatar: null, badges: ['sprout'] },
];

export const SLIME_PICTURES = [
  'slimes/slime-green.svg',
  'slimes/slime-pink.svg',
  'slimes/slime-blue.svg',
  'slimes/slime-yellow.svg',
  'slimes/slime-purple.svg',
  'slimes/slime-king.svg',
];
export const ITEM_PICTURES = ['items/potion.svg', 'items/sword.svg', 'items/crystal.svg', 'items/hat.svg', 'items/shield.svg', 'items/egg.svg'];

export const GENERAL_TITLES = [
  '오늘 처음으로 초록 슬라임 키워봤어요',
  '슬라임 먹이 뭐가 제일 좋나요?',
  '말랑말랑한 슬라임 만드는 꿀팁 공유합니다',
  '주말에 슬라임 카페 다녀왔어요',
  '핑크 슬라임이 자꾸 도망가요 ㅠㅠ',
  '슬라임 색깔별 성격 정리해봤습니다',
  '오랜만에 접속했는데 많이 바뀌었네요',
  '이벤트 보상 다들 받으셨나요?',
  '슬라임 합성 성공 확률 체감상 어떤가요',
  '비 오는 날엔 슬라임이 더 말랑해지는 것 같아요',
  '새로 나온 보라 슬라임 너무 귀여워요',
  '길드원 모집합니다 (초보 환영)',
  '오늘의 슬라임 사진 한 장',
  '레벨 50 달성 기념 글',
  '슬라임 이름 추천 받아요!',
  '던전 보스 공략 질문드립니다',
  '매일 출석 보상 정리',
  '친구 추가 하실 분 구해요',
  '노란 슬라임 진화 조건 아시는 분?',
  '슬라임 키우면서 힐링 중입니다',
  '커뮤니티 처음 가입했어요 잘 부탁드려요',
  '파란 슬라임 vs 초록 슬라임 여러분의 선택은?',
  '업데이트 후 버그 있는 분 계신가요',
  '슬라임 왕관 코스튬 후기',
  '새벽 감성 슬라임 일기',
  '이번 시즌 랭킹 목표 공유해요',
  '슬라임 방 꾸미기 자랑',
  '젤리 재료 어디서 파밍하세요?',
  '100% 성공한 강화 후기 (진짜임)',
  '슬라임_키우기 초보 일지 1일차',
  '왕슬라임 잡았습니다!!',
  '오늘 접속 보상이 두 배래요',
  '슬라임이랑 산책하는 꿈 꿨어요',
  '보라 슬라임 밥 주는 시간 언제가 좋아요?',
];

export const GENERAL_SENTENCES = [
  '처음에는 어떻게 해야 할지 몰랐는데 생각보다 금방 적응했어요.',
  '말랑말랑한 촉감이 정말 최고입니다.',
  '혹시 저처럼 고민하시는 분 있으면 댓글로 알려주세요.',
  '사진으로는 잘 안 보이지만 실제로 보면 훨씬 반짝여요.',
  '다들 어떤 슬라임을 제일 좋아하시는지 궁금해요.',
  '요즘 퇴근하고 슬라임 돌보는 게 유일한 낙이에요.',
  '공략 글 보고 따라 했더니 한 번에 성공했습니다.',
  '초보분들도 쉽게 따라 하실 수 있을 거예요.',
  '이번 업데이트로 편의성이 많이 좋아진 것 같아요.',
  '길드원분들이 많이 도와주셔서 감사했어요.',
  '생각보다 재료가 많이 들어서 조금 힘들었네요.',
  '다음에는 더 좋은 소식 가지고 올게요!',
  '다들 즐거운 슬라임 생활 되세요 :)',
  '50% 확률이라더니 세 번 만에 성공했어요.',
];

export interface DemoTradeTitle {
  title: string;
  picture: string;
  /** An exchange offer: no price at all (a giveaway's price is 0). */
  exchange?: boolean;
}

export const SELL_TITLES: DemoTradeTitle[] = [
  { title: '[팝니다] 전설 등급 슬라임 왕관 팝니다', picture: 'slimes/slime-king.svg' },
  { title: '무지개 포션 10개 일괄 판매', picture: 'items/potion.svg' },
  { title: '반짝이는 크리스탈 세트 판매해요', picture: 'items/crystal.svg' },
  { title: '마법사 모자 코스튬 팔아요', picture: 'items/hat.svg' },
  { title: '푸른 방패 (강화 +7) 판매', picture: 'items/shield.svg' },
  { title: '슬라임 알 3종 세트 판매합니다', picture: 'items/egg.svg' },
  { title: '용사의 검 팝니다 급처', picture: 'items/sword.svg' },
  { title: '희귀 보라 젤리 판매', picture: 'slimes/slime-purple.svg' },
  { title: '노란 슬라임 분양합니다', picture: 'slimes/slime-yellow.svg' },
];

export const BUY_TITLES: DemoTradeTitle[] = [
  { title: '[삽니다] 황금 슬라임 알 구해요', picture: 'items/egg.svg' },
  { title: '크리스탈 조각 대량 구매합니다', picture: 'items/crystal.svg' },
  { title: '마법사 모자 삽니다', picture: 'items/hat.svg' },
  { title: '강화용 검 구매 원해요', picture: 'items/sword.svg' },
  { title: '방패 코스튬 구합니다', picture: 'items/shield.svg' },
  { title: '핑크 포션 사요', picture: 'items/potion.svg' },
  { title: '파란 슬라임 입양하고 싶어요', picture: 'slimes/slime-blue.svg' },
];

export const SHARING_TITLES: DemoTradeTitle[] = [
  { title: '초보분들께 포션 나눔해요', picture: 'items/potion.svg' },
  { title: '중복 코스튬 교환 원해요', picture: 'items/hat.svg', exchange: true },
  { title: '슬라임 알 나눔합니다', picture: 'items/egg.svg' },
  { title: '검이랑 방패 교환하실 분', picture: 'items/shield.svg', exchange: true },
  { title: '초록 슬라임 무료 분양', picture: 'slimes/slime-green.svg' },
];

export const TRADE_SENTENCES = [
  '상태 아주 좋습니다. 사용감 거의 없어요.',
  '직거래 선호하고 택배도 가능합니다.',
  '가격 제안 환영합니다. 쪽지 주세요.',
  '여러 개 한 번에 거래하시면 할인해드려요.',
  '게임 내 우편으로 바로 보내드릴 수 있어요.',
  '주말 오후에 거래 가능합니다.',
  '궁금한 점은 댓글 남겨주세요.',
];

export const LOCATIONS = [
  '서울 강남구',
  '서울 마포구',
  '부산 해운대구',
  '인천 연수구',
  '대구 수성구',
  '대전 유성구',
  '광주 서구',
  '경기 성남시 분당구',
  '제주 제주시',
  '온라인 거래',
];

export const MENTORING_TITLES = [
  '초보자를 위한 슬라임 육성 가이드',
  '합성 시스템 1:1 멘토링 해드려요',
  '던전 공략 멘토 구합니다',
  '효율적인 재화 관리법 알려드려요',
  '길드 운영 노하우 공유',
  '슬라임 진화 트리 질문 받습니다',
  '장비 강화 멘토링 신청받아요',
  '랭킹전 덱 구성 상담해드립니다',
  '복귀 유저 멘토링 해드려요',
];

export const MENTORING_SENTENCES = [
  '궁금한 점이 있으면 편하게 댓글 남겨주세요.',
  '주로 저녁 9시 이후에 접속합니다.',
  '기초부터 차근차근 알려드릴게요.',
  '제가 겪은 시행착오를 줄여드리고 싶어요.',
  '멘토링은 무료이고 매주 두 번 진행합니다.',
];

export const CONTEST_TITLES = [
  '[콘테스트] 나만의 슬라임 그리기 참가작',
  '제 슬라임 사진 콘테스트 출품합니다',
  '가장 귀여운 슬라임 뽐내기 대회 참가',
  '슬라임 방 꾸미기 콘테스트 참가',
  '할로윈 코스튬 콘테스트 출품작',
  '슬라임 네이밍 콘테스트 참여해요',
  '왕관 슬라임 일러스트 출품',
];

export const CONTEST_SENTENCES = ['열심히 준비했으니 예쁘게 봐주세요!', '작업하는 데 사흘 걸렸어요.', '투표 부탁드립니다 🙏', '다른 참가작들도 정말 멋지네요.'];

export const NOTICES = [
  {
    title: '[공지] 슬라임 커뮤니티 이용 규칙 안내',
    pinned: true,
    body: '모두가 즐거운 커뮤니티를 위해 이용 규칙을 꼭 확인해주세요. 욕설, 도배, 사기 거래는 제재 대상입니다.',
  },
  { title: '[공지] 정기 점검 안내', pinned: false, body: '매주 목요일 오전 6시부터 8시까지 정기 점검이 진행됩니다. 점검 중에는 접속이 제한됩니다.' },
  { title: '[공지] 슬라임 콘테스트 개최 안내', pinned: true, body: '나만의 슬라임을 뽐내는 콘테스트를 개최합니다. 콘테스트 게시판에 참가작을 올려주세요.' },
  { title: '[공지] 마켓 거래 시 주의사항', pinned: false, body: '거래 전 상대방의 정보를 꼭 확인하시고, 선입금 요구에 주의해주세요.' },
];

export const TAGS = {
  general: ['일상', '질문', '팁', '슬라임', '힐링', '공략', '이벤트', '자랑'],
  trade: ['거래', '포션', '코스튬', '장비', '알', '크리스탈', '급처'],
  mentoring: ['멘토링', '초보', '가이드', '공략'],
  contest: ['콘테스트', '그림', '사진', '참가작'],
  notice: ['공지', '안내'],
} as const;

export const REPLY_TEXTS = [
  '저도 궁금했어요!',
  '좋은 정보 감사합니다 😊',
  '완전 귀엽네요',
  '쪽지 드렸어요',
  '가격 조정 가능할까요?',
  '저도 참여하고 싶어요',
  '꿀팁 감사합니다!',
  '와 대박이네요',
  '응원합니다!',
  '혹시 아직 거래 가능한가요?',
  '저는 파란 슬라임 파예요',
  '다음 글도 기대할게요',
  '같이 해요~',
  '정리 깔끔하네요 👍',
];

export const NESTED_REPLY_TEXTS = ['감사합니다!', '네 맞아요 ㅎㅎ', '쪽지 확인 부탁드려요', '저도요!', '좋은 하루 보내세요'];
