/** What a screen that failed says of coming back by itself (002 §8.4); loaded only with such a screen. */
export const recoveryTexts = {
  /** Under a fallback for a failure that passes (the service away): the screen loads again by itself once it is back. */
  reloadsWhenBack: '서비스가 돌아오면 자동으로 다시 불러옵니다.',
} as const;
