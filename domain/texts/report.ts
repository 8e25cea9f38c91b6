// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/** The report modal (002 §5.1, §8.3). `reasonTypes` is indexed by reason_type 0-8. */
export const reportTexts = {
  title: '신고하기',
  reasonTypeLabel: '신고 사유',
  reasonLabel: '상세 사유',
  reasonPlaceholder: '신고 사유를 자세히 입력해주세요',
  reasonTypes: [
    '기타',
    '착용 부위 규격에 맞지 않는 콘텐츠',
    '저작권 침해',
    '홍보/광고',
    '음란물/성적인 콘텐츠',
    '폭력/충격/잔혹한 콘텐츠',
    '괴롭힘/따돌림',
    '금지 품목/혐오/욕설',
    '정치적인 콘텐츠',
  ],
  notes: [
    '신고는 익명으로 처리됩니다.',
    '하나의 아이템/콘텐츠는 한 번만 신고할 수 있습니다.',
    '허위 신고 시 불이익을 받을 수 있습니다.',
    '가이드라인을 위반한 경우에만 조치됩니다.',
  ],
  reasonRequired: '상세 신고 사유를 입력해주세요.',
  reasonMax: (max: number) => `신고 사유는 ${max}자 이내로 입력해주세요.`,
  reasonType: '신고 사유 유형을 선택해주세요.',
  submit: '신고',
  success: '신고가 접수되었습니다.',
  failure: '신고가 접수되지 않았습니다. 고객센터에 문의해주세요.',
  alreadyReported: '이미 신고한 콘텐츠입니다.',
} as const;
