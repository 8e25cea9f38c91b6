// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/**
 * The account journeys a stranger takes (001 §5 "Register", "Password reset"; 002's /register, /forgot-password,
 * /reset-password, /verify-email, /terms): sign-up, recovering a password, verifying the e-mail. Validation
 * messages are those of accountTexts.validation.
 */
export const journeyTexts = {
  register: {
    title: '회원가입',
    intro: '이메일로 가입하고 슬라임 커뮤니티를 시작해보세요.',
    email: '이메일',
    emailPlaceholder: 'example@slime.community',
    password: '비밀번호',
    passwordConfirm: '비밀번호 확인',
    nickname: '닉네임',
    nicknameHint: (min: number, max: number) => `${min}~${max}자`,
    consents: '약관 동의',
    agreeTerms: '[필수] 이용약관에 동의합니다',
    agreePrivacy: '[필수] 개인정보 처리방침에 동의합니다',
    agreeMarketing: '[선택] 이벤트·혜택 소식을 이메일로 받겠습니다',
    viewTerms: '이용약관 보기',
    viewPrivacy: '개인정보 처리방침 보기',
    submit: '가입하기',
    submitting: '가입하는 중...',
    failed: '회원가입에 실패했습니다. 잠시 후 다시 시도해주세요.',
    welcome: (nickname: string) => `${nickname}님, 슬라임 커뮤니티에 오신 것을 환영합니다!`,
    haveAccount: '이미 계정이 있으신가요?',
    login: '로그인',
  },
  password: {
    /** The live hint under a new password: the rule, and whether it holds yet. */
    ok: '사용할 수 있는 비밀번호입니다.',
    /** The hint once the member has left the field (or sent the form) with the rule broken: told in words, not by colour alone. */
    broken: (rule: string) => `사용할 수 없는 비밀번호입니다. ${rule}`,
  },
  forgot: {
    title: '비밀번호 찾기',
    intro: '가입한 이메일을 입력하시면 비밀번호 재설정 링크를 보내드립니다.',
    email: '이메일',
    submit: '재설정 메일 보내기',
    sent: (email: string) => `${email}(으)로 비밀번호 재설정 메일을 보냈습니다. 메일의 링크는 1시간 동안 한 번만 쓸 수 있습니다.`,
    sendAgain: '메일 다시 보내기',
    backToLogin: '로그인으로 돌아가기',
  },
  reset: {
    title: '비밀번호 재설정',
    intro: '새로 사용할 비밀번호를 입력해주세요.',
    newPassword: '새 비밀번호',
    newPasswordConfirm: '새 비밀번호 확인',
    submit: '비밀번호 변경하고 로그인',
    missingToken: '재설정 링크가 올바르지 않습니다. 메일의 링크를 다시 눌러주세요.',
    invalidLink: '링크가 만료되었거나 이미 사용되었습니다. 재설정 메일을 다시 받아주세요.',
    requestAgain: '재설정 메일 다시 받기',
    checking: '링크를 확인하는 중입니다...',
  },
  verify: {
    title: '이메일 인증',
    verifying: '이메일을 인증하는 중입니다...',
    done: '이메일 인증이 완료되었습니다.',
    invalidLink: '인증 링크가 만료되었거나 이미 사용되었습니다. 인증 메일을 다시 받아주세요.',
    missingToken: '인증 링크가 올바르지 않습니다. 메일의 링크를 다시 눌러주세요.',
    requestAgain: '인증 메일 다시 받기',
    goToCommunity: '커뮤니티로 가기',
    goToSettings: '설정에서 인증 메일 받기',
  },
  settings: {
    emailSection: '이메일 인증',
    verified: (email: string) => `${email} (인증 완료)`,
    notVerified: (email: string) => `${email} (미인증)`,
    sendVerification: '인증 메일 보내기',
  },
  terms: {
    sections: [
      ['목적', '이 약관은 슬라임 커뮤니티(이하 "서비스")의 이용 조건과 절차, 회원과 운영진의 권리와 의무를 정합니다.'],
      ['회원가입', '이메일, 비밀번호, 닉네임을 입력하고 이용약관과 개인정보 처리방침에 동의하면 가입이 완료됩니다.'],
      ['회원의 의무', '다른 회원을 사칭하거나 괴롭히는 글, 광고, 불법 정보를 올려서는 안 됩니다. 운영진은 이런 글을 숨기거나 지울 수 있습니다.'],
      ['게시물', '게시물의 권리는 작성한 회원에게 있으며, 서비스 안에서 보여주는 데 필요한 범위에서만 이용합니다.'],
      ['탈퇴', '회원은 설정에서 언제든 탈퇴할 수 있으며, 탈퇴하면 작성한 글과 댓글이 삭제됩니다.'],
    ] as const,
  },
} as const;
