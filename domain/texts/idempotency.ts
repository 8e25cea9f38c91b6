// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).
import { IDEMPOTENCY_KEY_MAX } from '../limits.js';

/** Answers about idempotency keys (domain/idempotency.ts). */
export const idempotencyTexts = {
  key: `멱등 키는 1-${IDEMPOTENCY_KEY_MAX}자의 영문, 숫자, '-', '_', ':', '.'만 쓸 수 있습니다`,
  reused: '이 멱등 키는 다른 내용의 요청에 이미 사용되었습니다. 새 요청에는 새 키를 사용해주세요',
  inProgress: '같은 요청을 아직 처리하고 있습니다. 잠시 후 다시 시도해주세요',
} as const;
