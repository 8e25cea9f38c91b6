// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/**
 * The static and placeholder screens of 002 §2.1: about, help, FAQ, contact, the error pages, and the
 * companion-app features the web does not have (channels, market, arcade, missions).
 */
/** The last letter of a Hangul word: its final consonant's index (0 for none), or null when it is not Hangul. */
function finalConsonant(word: string): number | null {
  const code = word.charCodeAt(word.length - 1);
  if (code < 0xac00 || code > 0xd7a3) return null;
  return (code - 0xac00) % 28;
}

/** The final consonant ㄹ in a Hangul syllable's layout: it takes 로, as a vowel does. */
const FINAL_RIEUL = 8;

/**
 * The word with its topic particle: 은 after a final consonant (미션은), 는 after a vowel (아케이드는). Hangul
 * syllables are laid out so that a final consonant is `(code - 0xAC00) % 28 !== 0`; one rule for the few fixed words
 * here does not need a Korean-grammar library. Anything but a Hangul last letter keeps the neutral 은(는).
 */
export function withTopicParticle(word: string): string {
  const final = finalConsonant(word);
  if (final === null) return `${word}은(는)`;
  return `${word}${final === 0 ? '는' : '은'}`;
}

/** The word with 로 after a vowel or ㄹ (해결로, 종료로) and 으로 after any other final (처리 중으로); else the neutral (으)로. */
export function withDirectionParticle(word: string): string {
  const final = finalConsonant(word);
  if (final === null) return `${word}(으)로`;
  return `${word}${final === 0 || final === FINAL_RIEUL ? '로' : '으로'}`;
}

/** The object particle a word takes: 을 after a final consonant (슬라임 검을), 를 after a vowel (슬라임 방패를); else the neutral 을(를). */
export function objectParticle(word: string): string {
  const final = finalConsonant(word);
  if (final === null) return '을(를)';
  return final === 0 ? '를' : '을';
}

export const infoTexts = {
  about: {
    title: '슬라임 커뮤니티 소개',
    sections: [
      ['어떤 곳인가요', '슬라임 커뮤니티는 슬라임 게임을 즐기는 사람들이 공략과 일상을 나누고, 아이템을 사고팔며, 서로의 슬라임을 자랑하는 곳입니다.'],
      [
        '할 수 있는 일',
        '게시글과 댓글로 이야기하고, 아이템을 검색해 사고 싶은 아이템과 팔고 싶은 아이템을 리스트로 관리하고, 확률표를 확인하고, 24시간 동안 보이는 스토리를 올릴 수 있습니다.',
      ],
      ['함께 지켜요', '서로 존중하는 말투, 정직한 거래, 개인정보 보호를 지켜주세요. 규칙을 어기는 글은 신고해주세요.'],
    ],
  },
  help: {
    title: '도움말',
    sections: [
      [
        '로그인',
        '이메일 또는 전화번호와 비밀번호, 또는 Google·카카오·Apple 계정으로 로그인할 수 있습니다. 비밀번호를 잊었다면 로그인 화면의 "비밀번호를 잊으셨나요?"를 눌러주세요.',
      ],
      ['글쓰기', '아래 탭의 작성 버튼으로 글을 쓸 수 있습니다. 제목은 100자, 내용은 10,000자까지 쓸 수 있고 사진을 함께 올릴 수 있습니다.'],
      ['신고와 차단', '불편한 글이나 회원은 글의 신고·차단 버튼으로 알려주세요. 차단한 회원과는 서로의 글과 댓글이 보이지 않습니다.'],
      ['알림', '좋아요, 댓글, 팔로우 소식은 알림 탭에서 볼 수 있고, 설정에서 받을 알림을 고를 수 있습니다.'],
    ],
  },
  faq: {
    title: '자주 묻는 질문',
    sections: [
      ['닉네임을 바꿀 수 있나요?', '프로필 편집에서 바꿀 수 있습니다. 이미 쓰이는 닉네임이나 운영자로 오해할 수 있는 닉네임은 쓸 수 없습니다.'],
      ['내 프로필을 숨길 수 있나요?', '설정의 공개 범위를 친구 공개나 비공개로 바꾸면 다른 사람에게 닉네임과 사진, 대표 배지만 보입니다.'],
      ['거래 중 문제가 생겼어요.', '상대방과의 대화 내용을 남겨두고 1:1 문의로 알려주세요. 선입금 요구에는 주의해주세요.'],
      ['채팅은 어디서 하나요?', '채팅은 슬라임 앱에서만 쓸 수 있습니다.'],
    ],
  },
  contact: {
    title: '문의하기',
    text: '궁금한 점이나 불편한 점은 1:1 문의로 남겨주세요. 운영진이 확인한 뒤 답변드립니다.',
    action: '1:1 문의하기',
  },
  serverError: {
    title: '서버 오류가 발생했습니다',
    text: '잠시 후 다시 시도해주세요. 문제가 계속되면 문의하기로 알려주세요.',
    retry: '다시 시도',
  },
  forbidden: {
    title: '접근 권한이 없습니다',
    text: '이 화면을 볼 수 있는 권한이 없습니다. 다른 계정으로 로그인했는지 확인해주세요.',
  },
  inTheApp: {
    channel: '채널',
    market: '마켓',
    arcade: '아케이드',
    mission: '미션',
    text: (feature: string) => `${withTopicParticle(feature)} 슬라임 앱에서 만나보실 수 있습니다.`,
    back: '커뮤니티로 가기',
  },
  links: '더 알아보기',
} as const;
