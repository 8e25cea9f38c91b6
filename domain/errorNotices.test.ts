import { describe, expect, it } from 'vitest';
import { globalNotice } from './errorNotices.js';
import { errorMessages, globalErrorTexts, hardeningTexts } from './messages.js';

describe('the global error handler of 002 §8.2', () => {
  it('tells network, time-out, not-found and server failures in its own words', () => {
    expect(globalNotice({ code: 'NETWORK_ERROR', message: errorMessages.NETWORK_ERROR })).toEqual({ messages: [globalErrorTexts.network], kind: 'error' });
    expect(globalNotice({ code: 'TIMEOUT', message: errorMessages.TIMEOUT }).messages).toEqual([globalErrorTexts.timeout]);
    expect(globalNotice({ code: 'NOT_FOUND', message: errorMessages.NOT_FOUND }).messages).toEqual([globalErrorTexts.notFound]);
    for (const code of ['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'] as const) {
      expect(globalNotice({ code, message: errorMessages[code] }).messages).toEqual([globalErrorTexts.server]);
    }
    expect(globalNotice({ code: 'UNKNOWN', message: errorMessages.OTHER_SERVER_ERROR, status: 503 }).messages).toEqual([globalErrorTexts.server]);
  });

  it('warns with each detail of a bad request, else the server reason, else "check your input"', () => {
    const details = [{ message: '제목을 입력해주세요.' }, { message: '내용을 입력해주세요.' }];
    expect(globalNotice({ code: 'VALIDATION_ERROR', message: '데이터 검증 실패', details })).toEqual({
      messages: details.map((d) => d.message),
      kind: 'warning',
    });
    expect(globalNotice({ code: 'BAD_REQUEST', message: errorMessages.BAD_REQUEST })).toEqual({ messages: [globalErrorTexts.checkInput], kind: 'warning' });
    const tooLarge = hardeningTexts.bodyTooLarge(100_000);
    expect(globalNotice({ code: 'BAD_REQUEST', message: tooLarge }).messages).toEqual([tooLarge]);
  });

  it('shows any other error its own message; a refusal for too many requests is not an input problem', () => {
    expect(globalNotice({ code: 'FORBIDDEN', message: '권한이 없습니다.' })).toEqual({ messages: ['권한이 없습니다.'], kind: 'error' });
    expect(globalNotice({ code: 'RATE_LIMITED', message: hardeningTexts.rateLimited(30), status: 429 })).toEqual({
      messages: [hardeningTexts.rateLimited(30)],
      kind: 'error',
    });
    // The REST API's own 429 (failed logins) keeps the catalogue's BAD_REQUEST code.
    expect(globalNotice({ code: 'BAD_REQUEST', message: hardeningTexts.rateLimited(30), status: 429 })).toEqual({
      messages: [hardeningTexts.rateLimited(30)],
      kind: 'error',
    });
  });
});
