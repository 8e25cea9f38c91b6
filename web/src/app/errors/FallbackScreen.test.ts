import { describe, expect, it } from 'vitest';
import { globalErrorTexts, validationTexts } from '@domain/messages.js';
import { RequestError } from '../relay/fetchGraphQL';
import { fallbackMessageOf } from './FallbackScreen';

describe('the fallback screen’s message', () => {
  it('says which rule a refused input broke, not only that it was refused', () => {
    const refused = new RequestError('데이터 검증 실패: 1개의 오류가 발견되었습니다', 'VALIDATION_ERROR', 422, [{ message: validationTexts.searchMax(100) }]);
    expect(fallbackMessageOf(refused)).toBe(validationTexts.searchMax(100));
  });

  it('keeps a request failure’s own message otherwise, and says nothing of other errors', () => {
    expect(fallbackMessageOf(new RequestError(globalErrorTexts.fallbackText, 'NOT_FOUND', 404, [{ message: '다른 것' }]))).toBe(globalErrorTexts.fallbackText);
    expect(fallbackMessageOf(new RequestError('데이터 검증 실패', 'VALIDATION_ERROR', 422))).toBe('데이터 검증 실패');
    expect(fallbackMessageOf(new TypeError('x is undefined'))).toBeNull();
  });
});
