// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/** The gateway's protective answers (limits, trusted documents, rate limits, subscriptions). */
export const hardeningTexts = {
  /** The request's token names no live session: public fields were answered as for a guest. */
  tokenRefused: '로그인 정보가 만료되었거나 올바르지 않아 비회원으로 응답했습니다. 다시 로그인해주세요.',
  rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  tooExpensive: (cost: number, max: number) => `요청한 데이터가 너무 많습니다 (비용 ${cost}, 최대 ${max}). first/last 값을 줄여주세요.`,
  variablesTooLarge: (max: number) => `변수의 목록은 ${max}개 이내여야 합니다.`,
  bodyTooLarge: '요청 본문이 너무 큽니다.',
  persistedOperationNotFound: '등록되지 않은 작업입니다.',
  persistedOperationsOnly: '등록된 작업만 실행할 수 있습니다.',
  persistedQueryMismatch: '문서의 SHA-256 해시가 persistedQuery.sha256Hash와 다릅니다.',
  notAcceptable: (mediaTypes: readonly string[]) => `요청한 응답 형식(Accept)을 보낼 수 없습니다. 다음 형식 중 하나를 요청해주세요: ${mediaTypes.join(', ')}`,
  tooManySubscriptions: (max: number) => `한 연결에서 구독은 ${max}개까지 가능합니다.`,
} as const;
