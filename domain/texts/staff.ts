/**
 * The staff's own menu on /my and their notice and announcement screens. A group of its own: the shell imports the
 * messaging texts, so these would otherwise ride in every first visit's JavaScript.
 */
export const staffTexts = {
  staffMenu: '운영자 메뉴',
  staffInquiries: '문의 처리',
  noticeEdit: {
    title: '공지 수정',
    edit: '수정',
    save: '저장',
    delete: '삭제',
    updated: '공지를 수정했습니다.',
    deleted: '공지를 삭제했습니다.',
    current: '첨부된 파일',
  },
  recipients: {
    label: '받는 회원',
    all: '모든 회원',
    chosen: '선택한 회원',
    search: '닉네임으로 회원 찾기',
    find: '찾기',
    noResults: '찾는 회원이 없습니다.',
    noneChosen: '받을 회원을 한 명 이상 골라주세요.',
    add: (nickname: string) => `${nickname} 추가`,
    /** A search result already among the chosen: shown, not offered again. */
    added: (nickname: string) => `${nickname} 추가됨`,
    remove: (nickname: string) => `${nickname} 빼기`,
  },
} as const;
