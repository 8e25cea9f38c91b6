// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/** The login sheet and /login/sign-in (001 §2); also the layout's login-needed toast. */
export const loginSheetTexts = {
  title: '로그인',
  welcome: '슬라임 커뮤니티에 오신 것을 환영합니다!',
  quickTab: '간편 로그인',
  phoneTab: '전화번호 로그인',
  google: 'Google로 계속하기',
  kakao: '카카오로 계속하기',
  apple: 'Apple로 계속하기',
  identifierLabel: '이메일 또는 전화번호',
  identifierPlaceholder: '이메일 또는 전화번호를 입력해주세요',
  next: '다음',
  passwordLabel: '비밀번호',
  passwordPlaceholder: '비밀번호를 입력해주세요',
  show: '보기',
  hide: '가리기',
  counter: (length: number, max: number) => `${length}/${max}`,
  submit: '로그인',
  back: '이전',
  forgotPassword: '비밀번호를 잊으셨나요?',
  loggingIn: '로그인 중...',
  copyright: '© 슬라임 커뮤니티. 모든 권리 보유.',
  success: '로그인되었습니다!',
} as const;
