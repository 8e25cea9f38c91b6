// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/** Community core (000 §2, §4, §8, §9): writing, replies, likes, confirmations, search, reports, blocks, uploads. */
/** A post opened at one reply (`?reply=`), from a notification or a shared link (web/src/community/replyReveal.ts). */
export const replyLinkTexts = {
  /** Read before the reply's own text when it takes focus; the same words whoever opened the link, from wherever. */
  opened: '링크로 연 댓글',
  gone: '링크의 댓글을 찾을 수 없습니다. 삭제되었거나 볼 수 없는 댓글입니다.',
};

/** The search screen's recent keywords, kept on the device (web/src/community/recentSearches.ts). */
export const recentSearchTexts = {
  title: '최근 검색어',
  clear: '전체 삭제',
  remove: (keyword: string) => `${keyword} 검색어 삭제`,
  /** Read out after a removal (the chip and its button are gone from the screen). */
  removed: (keyword: string) => `${keyword} 검색어를 삭제했습니다.`,
  cleared: '최근 검색어를 모두 삭제했습니다.',
};

export const communityTexts = {
  /** A post's trade details, pictures and tags, as its detail and the write form show them. */
  postFields: {
    /** The trade's state in its type's words (a buying post is never 판매중); a post without a type reads as a sale. */
    tradeStates: {
      sell: { open: '판매중', done: '판매완료' },
      buy: { open: '구매중', done: '구매완료' },
      trade: { open: '교환중', done: '교환완료' },
    },
    price: (won: number) => `${won.toLocaleString('ko-KR')}원`,
    tradeTypes: { sell: '팝니다', buy: '삽니다', trade: '교환' },
    location: '거래 장소',
    tags: '태그',
    tradeInfo: '거래 정보',
    tradeType: '거래 유형',
    tradeStatus: '거래 상태',
    priceLabel: '가격',
    image: (n: number) => `게시글 이미지 ${n}`,
  },
  confirm: {
    delete: { message: '삭제하시겠습니까?', action: '삭제' },
    report: { message: '신고하시겠습니까?', action: '신고' },
    /** `detail`: what the block does beyond hiding (the upstream ends the pair's follows both ways). */
    block: { message: '이 회원을 차단하시겠습니까?', detail: '차단하면 서로의 팔로우가 모두 취소됩니다.', action: '차단' },
    blockPost: { message: '이 게시글을 차단하시겠습니까?', action: '차단' },
    profilePhoto: { message: '프로필 사진을 삭제하시겠습니까?', action: '삭제' },
    withdraw: { message: '정말 탈퇴하시겠습니까? 작성한 게시글과 댓글이 모두 삭제되며 되돌릴 수 없습니다.', action: '탈퇴' },
  },
  write: {
    title: '글쓰기',
    editTitle: '글 수정',
    titleLabel: '제목',
    titlePlaceholder: '제목을 입력해주세요',
    contentLabel: '내용',
    contentPlaceholder: '내용을 입력해주세요',
    categoryLabel: '카테고리',
    /** The write form's empty category choice: the post is filed under none (the feed's 전체 lists it). */
    noCategory: '선택 안 함',
    postTypeLabel: '게시글 유형',
    postTypes: { general: '일반', trade: '거래', mentoring: '멘토링', contest: '콘테스트', notice: '공지' },
    tradeTypeLabel: '거래 유형',
    priceLabel: '가격',
    locationLabel: '거래 장소',
    isSoldLabel: '거래 완료',
    imagesLabel: '이미지',
    addImage: '이미지 추가',
    removeImage: '이미지 삭제',
    uploading: '이미지 올리는 중...',
    submit: '등록',
    save: '수정',
    sending: '보내는 중...',
    created: '게시글이 등록되었습니다.',
    updated: '게시글이 수정되었습니다.',
    createFailed: '게시글을 등록하지 못했습니다.',
    updateFailed: '게시글을 수정하지 못했습니다. 작성한 내용은 그대로 남아 있습니다.',
    counter: (length: number, max: number) => `${length}/${max}`,
    /** The form reopened on what the member had written and left (a draft kept in the tab). */
    draftRestored: '작성 중이던 내용을 불러왔습니다.',
    startOver: '새로 쓰기',
    restoreOriginal: '원래 글로 되돌리기',
  },
  post: {
    edit: '수정',
    delete: '삭제',
    report: '신고',
    block: '게시글 차단',
    blockAuthor: '작성자 차단',
    like: '좋아요',
    deleted: '게시글이 삭제되었습니다.',
    deleteFailed: '게시글을 삭제하지 못했습니다.',
    blocked: '게시글을 차단했습니다.',
    userBlocked: '회원을 차단했습니다.',
    blockFailed: '차단하지 못했습니다.',
    likeFailed: '좋아요를 처리하지 못했습니다.',
    actions: '게시글 메뉴',
  },
  reply: {
    title: '댓글',
    placeholder: '댓글을 입력해주세요',
    replyPlaceholder: '답글을 입력해주세요',
    submit: '등록',
    reply: '답글',
    edit: '수정',
    save: '저장',
    cancel: '취소',
    delete: '삭제',
    deletedReply: '삭제된 댓글입니다.',
    edited: '(수정됨)',
    empty: '첫 댓글을 남겨주세요.',
    /** A post whose count says it has replies, none of which the viewer sees: all from members they blocked. */
    hiddenOnly: '차단한 회원의 댓글만 있어 보이는 댓글이 없습니다.',
    more: '댓글 더 보기',
    moreAnswers: (count: number) => `답글 ${count}개 더보기`,
    created: '댓글이 등록되었습니다.',
    answerCreated: '답글이 등록되었습니다.',
    /** What a reply's buttons act on, for screen readers ("젤리곰님의 댓글에 좋아요 3", "젤리곰님의 답글 삭제"). */
    target: (nickname: string, answer: boolean) => `${nickname}님의 ${answer ? '답글' : '댓글'}`,
    /** 좋아요 and 답글 go to the reply: "…에 좋아요"; 수정 and 삭제 are of it, named target and action alone. */
    toTarget: (target: string, action: string) => `${target}에 ${action}`,
    failed: '댓글을 처리하지 못했습니다.',
    deleted: '댓글이 삭제되었습니다.',
    updated: '댓글이 수정되었습니다.',
  },
  search: {
    title: '검색',
    /** Short enough to be read whole beside the type selector and 검색 on a 390 px phone. */
    placeholder: '검색어 입력',
    submit: '검색',
    typeLabel: '검색 유형',
    types: { title_content: '제목+내용', title: '제목', content: '내용', nickname: '닉네임' },
    noResults: '검색 결과가 없습니다.',
    more: '더 보기',
    loading: '검색 중...',
    trending: '인기 게시글',
    resultCount: (count: number) => `검색 결과 ${count}건`,
    page: (n: number) => `${n} 페이지`,
    previousPages: '이전 페이지',
    nextPages: '다음 페이지',
  },
  my: {
    title: '내 활동',
    posts: '작성한 글',
    comments: '남긴 댓글',
    noPosts: '작성한 글이 없습니다.',
    noComments: '남긴 댓글이 없습니다.',
    profileTitle: (nickname: string) => `${nickname}님의 프로필`,
    goToPost: '게시글로 이동하기',
    myPosts: '내 게시글',
    myComments: '내 댓글',
    likes: '좋아요한 글',
    noLikes: '좋아요한 글이 없습니다.',
  },
  /** /community/posts: every post on numbered pages (000 §2 "Community list screens"). */
  postList: {
    title: '전체 글',
    empty: '게시글이 없습니다.',
    pages: '페이지 이동',
  },
  /** Bookmarks: the post's toggle, the /my/bookmarks screen and its link on /my all say `label`. */
  bookmark: {
    label: '북마크',
    failed: '북마크를 처리하지 못했습니다.',
    empty: '북마크한 게시글이 없습니다.',
    emptyHint: '게시글에서 북마크를 누르면 여기에서 모아 볼 수 있습니다.',
  },
  upload: {
    notImage: '이미지 파일만 올릴 수 있습니다.',
    tooLarge: (megabytes: number) => `이미지는 ${megabytes}MB 이하만 올릴 수 있습니다.`,
    tooManyPixels: (megapixels: number) => `이미지는 ${megapixels}메가픽셀(가로×세로) 이하만 올릴 수 있습니다.`,
    typeMismatch: '파일의 내용이 파일 형식과 다릅니다. 사진 파일을 그대로 올려주세요.',
    missing: '올릴 이미지를 선택해주세요.',
    tooMany: (max: number) => `이미지는 최대 ${max}개까지 올릴 수 있습니다.`,
    /** Said beside 이미지 추가 before any file is picked. */
    limits: (max: number, megabytes: number) => `최대 ${max}개, 한 개에 ${megabytes}MB까지`,
    /** One picked file's refusal, named, so that several refused at once can all be told apart. */
    refusedFile: (fileName: string, reason: string) => `${fileName}: ${reason}`,
    failed: '이미지를 올리지 못했습니다.',
    /** A picture that failed stays in the form until it is sent again or removed: the post waits for it. */
    failedKept: '올리지 못한 이미지가 있습니다. 다시 올리거나 지운 뒤 등록해주세요.',
    retry: '다시 올리기',
  },
  errors: {
    notAuthor: '작성자만 할 수 있습니다.',
    noticeStaffOnly: '공지는 운영자만 작성할 수 있습니다.',
    alreadyReported: '이미 신고한 게시글입니다.',
    reportOwn: '자신의 게시글은 신고할 수 없습니다.',
    alreadyBlocked: '이미 차단했습니다.',
    blockSelf: '자기 자신은 차단할 수 없습니다.',
    replyBlocked: '차단한 회원 또는 나를 차단한 회원의 글에는 댓글을 달 수 없습니다.',
    parentReply: '답글을 달 댓글을 찾을 수 없습니다.',
    unknownImage: '올바른 이미지가 아닙니다.',
    unknownCategory: '존재하지 않는 카테고리입니다.',
    noChanges: '수정할 내용을 입력해주세요.',
  },
} as const;
