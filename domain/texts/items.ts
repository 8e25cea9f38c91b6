// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

import { objectParticle } from './info.js';

/**
 * The two wish lists' one name each, as 001 §8's toasts spell them ("구매 희망 리스트에 추가되었습니다."): the
 * item modal's buttons and toasts (000 §2, §8), the tabs and the stats of /my/wishes and the server's answers
 * are all built from these.
 */
const BUY_LIST = '구매 희망 리스트';
const SELL_LIST = '판매 희망 리스트';

/** Items, wish lists and probability tables (000 §2 item-info modal, §8 toasts; 001 §8; 002 §2.2, §4.1). */
export const itemTexts = {
  modalTitle: '아이템 정보',
  tabs: { info: '아이템 정보', sellers: '판매자', buyers: '구매자' },
  unknownName: '알 수 없음',
  rows: { name: '이름', rating: '등급', description: '설명', type: '종류', score: '점수', price: '가격' },
  grade: (grade: string) => `${grade}등급`,
  score: (score: number) => `${score.toLocaleString('ko-KR')}점`,
  /** The unit is held to its number (a no-break space): a long price never leaves 젬 alone on the next line. */
  gems: (gems: number) => `${gems.toLocaleString('ko-KR')}\u00A0젬`,
  types: {
    equipment: '장비',
    head: '머리',
    top: '상의',
    bottom: '하의',
    shoes: '신발',
    eye_deco: '눈 장식',
    face_deco: '얼굴 장식',
    hand: '손',
    cape: '망토',
    face: '얼굴',
    body: '몸',
    hair_front: '앞머리',
    hair_back: '뒷머리',
    consumable: '소모품',
    material: '재료',
    decoration: '장식품',
    ticket: '티켓',
  },
  noSellers: '판매를 원하는 사람이 없습니다.',
  noBuyers: '구매를 원하는 사람이 없습니다.',
  listLoading: '목록을 불러오는 중...',
  listFailed: '목록을 불러오지 못했습니다.',
  chat: '채팅',
  /** In place of 채팅 on the viewer's own entry among the sellers or buyers. */
  me: '나',
  chatUnavailable: '웹에서는 채팅을 사용할 수 없습니다.',
  wishListNames: { buy: BUY_LIST, sell: SELL_LIST },
  addToBuyList: `${BUY_LIST}에 추가`,
  addToSellList: `${SELL_LIST}에 추가`,
  /** The item modal's button of a list the item is on (as long as 추가, so the footer keeps one line at 360 px): pressed, it takes the item off (001 §7's manage call). */
  inBuyList: `${BUY_LIST}에 있음`,
  inSellList: `${SELL_LIST}에 있음`,
  /** Added again while its entry is 비활성 or 완료: the entry stays as it is, and the member is told where to change it. */
  alreadyListedAs: (list: string, status: string) => `이미 ${list}에 '${status}' 상태로 있는 아이템입니다. 상태는 희망 리스트에서 바꿀 수 있습니다.`,
  addedToBuyList: `${BUY_LIST}에 추가되었습니다.`,
  addedToSellList: `${SELL_LIST}에 추가되었습니다.`,
  addFailed: '추가 중 오류가 발생했습니다.',
  addBuyFailed: `${BUY_LIST} 추가에 실패했습니다.`,
  addSellFailed: `${SELL_LIST} 추가에 실패했습니다.`,
  removedFromBuyList: `${BUY_LIST}에서 삭제되었습니다.`,
  removedFromSellList: `${SELL_LIST}에서 삭제되었습니다.`,
  deletedSelected: '선택한 아이템이 삭제되었습니다.',
  deleteFailed: '삭제 중 오류가 발생했습니다.',
  report: '아이템 신고',
  searchTitle: '아이템 검색',
  searchPlaceholder: '아이템 이름을 입력하세요',
  searchHint: (min: number) => `${min}자 이상 입력하면 검색합니다.`,
  searchMin: (min: number) => `아이템 검색어는 ${min}자 이상 입력해주세요`,
  searchMax: (max: number) => `아이템 검색어는 ${max}자 이내로 입력해주세요`,
  searching: '검색 중...',
  noResults: '검색 결과가 없습니다.',
  wishTypeInvalid: '희망 유형은 buy 또는 sell이어야 합니다',
  /** A wish mutation's `wishType` other than the list its id names. */
  wishTypeMismatch: (list: string) => `이 항목은 ${list}에 있습니다.`,
  wishListsMixed: '한 번에 한 리스트의 항목만 삭제할 수 있습니다.',
  wishIdsRequired: '삭제할 항목을 하나 이상 지정해주세요.',
  /** A wish id that names no entry of that list: deleted meanwhile (another tab, another device), or never there. */
  wishNotFound: '이미 삭제되었거나 희망 리스트에 없는 아이템입니다.',
  wishStatusInvalid: '상태는 active, inactive, completed 중 하나여야 합니다',
  wishItemRequired: '아이템을 지정해주세요',
  memoMax: (max: number) => `메모는 ${max}자 이내로 입력해주세요.`,
  price: (max: number) => `가격은 0에서 ${max.toLocaleString('ko-KR')} 사이의 정수여야 합니다.`,
  quantity: (max: number) => `수량은 1에서 ${max.toLocaleString('ko-KR')} 사이의 정수여야 합니다.`,
  priority: (max: number) => `우선순위는 0에서 ${max} 사이의 정수여야 합니다`,
  wishIds: '삭제할 항목의 ID 목록이 올바르지 않습니다',
  notOwnWish: '본인의 희망 목록만 변경할 수 있습니다.',
  itemNotFound: '아이템을 찾을 수 없습니다.',
  myWishes: '나의 희망 리스트',
  statuses: { active: '활성', inactive: '비활성', completed: '완료' },
  emptyWishes: '아직 담은 아이템이 없습니다.',
  selectWish: (name: string) => `${name} 선택`,
  deleteSelected: '선택 삭제',
  deleteSelectedConfirm: (count: number) => `선택한 ${count}개 아이템을 삭제하시겠습니까?`,
  quantityLabel: (quantity: number) => `수량 ${quantity}`,
  targetPriceLabel: (gems: number) => `희망 가격 ${gems.toLocaleString('ko-KR')}\u00A0젬`,
  removeWish: (name: string) => `${name} 삭제`,
  wishStatusOf: (name: string) => `${name} 상태`,
  editWish: (name: string) => `${name} 수정`,
  /** The edit dialog of one entry on /my/wishes (001 §3 fields, §5 limits). */
  wishEdit: {
    edit: '수정',
    remove: '삭제',
    removeConfirm: (name: string) => `${name}${objectParticle(name)} 삭제하시겠습니까?`,
    targetPrice: '희망 가격 (젬)',
    targetPriceHint: '비워 두면 가격을 정하지 않습니다.',
    quantity: '수량',
    memo: '메모',
    notification: '가격 알림 받기',
    save: '저장',
    saving: '저장 중...',
    saved: '수정되었습니다.',
    failed: '수정 중 오류가 발생했습니다.',
  },
  /** The counts of both lists on /my/wishes (`GET /v1/item/wish-items/stats/{user}/`, 001 §7). */
  wishStats: {
    title: '희망 리스트 통계',
    list: '리스트',
    total: '전체',
  },
  loadMore: '더 보기',
  /** The probability tables (002 §2.2, §4.1). */
  probability: {
    title: '확률 정보',
    kinds: {
      guildornament: '길드 장식',
      treasurebox: '보물 상자',
      specialshop: '특별 상점',
      villagedecoration: '마을 장식',
      ticket: '티켓',
    },
    rarities: { legendary: '전설', epic: '영웅', rare: '희귀', uncommon: '고급', common: '일반' },
    searchPlaceholder: '아이템 이름으로 검색',
    noResults: '검색 결과가 없습니다.',
    noResultsHint: '다른 검색어로 시도해보세요.',
    previous: '이전',
    next: '다음',
    pageOf: (page: number, total: number) => `${page} / ${total}`,
    percent: (value: number) => `${value}%`,
    kindInvalid: '확률표 종류는 guildornament, treasurebox, specialshop, villagedecoration, ticket 중 하나여야 합니다',
    itemNotFound: '확률 정보를 찾을 수 없습니다.',
    probability: '확률',
    rarity: '등급',
    description: '설명',
  },
} as const;
