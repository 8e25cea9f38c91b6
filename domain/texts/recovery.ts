/** What a screen (or a list's next page) that failed says, and what a list's next page tells a screen reader; loaded only with such a screen or list. */
export const recoveryTexts = {
  /** In place of a list's next page that did not load; the "more" button under it then reads 다시 시도. */
  moreFailed: '더 불러오지 못했습니다.',
  /** Told (not shown) once a list's next page is in: how many it added, and whether it was the last. */
  moreLoaded: (count: number, last: boolean) => `${count}개를 더 불러왔습니다.${last ? ' 마지막 항목입니다.' : ''}`,
  /** Under a fallback for a failure that passes (the service away): the screen loads again by itself once it is back. */
  reloadsWhenBack: '서비스가 돌아오면 자동으로 다시 불러옵니다.',
} as const;
