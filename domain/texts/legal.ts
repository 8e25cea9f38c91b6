// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/** The terms and privacy pages' names, linked from the login sheet, sign-up and the wide-screen shell (002 §2.3). */
export const legalTexts = {
  terms: '이용약관',
  privacy: '개인정보 처리방침',
  links: '약관 및 정책',
};
