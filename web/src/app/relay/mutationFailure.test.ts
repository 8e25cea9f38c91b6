import { expect, it } from 'vitest';
import { reportTexts } from '@domain/messages.js';
import { MutationFailure, failureMessage, failureOf } from './mutationFailure';

it('says the first field issue, else the error, else the mutation’s own text', () => {
  const issues = failureOf({
    __typename: 'ValidationError',
    message: '입력값을 확인해주세요',
    issues: [{ path: ['input', 'title'], message: '제목을 입력해주세요' }],
  });
  expect(issues).toBeInstanceOf(MutationFailure);
  expect(issues.message).toBe('제목을 입력해주세요');
  expect(issues.issues).toEqual([{ path: ['input', 'title'], message: '제목을 입력해주세요' }]);

  expect(failureOf({ __typename: 'NotFoundError', message: '게시글을 찾을 수 없습니다', code: 'NOT_FOUND' }).code).toBe('NOT_FOUND');
  expect(failureOf({ __typename: '%other' }, '업로드에 실패했습니다').message).toBe('업로드에 실패했습니다');
});

it('keeps the code and uses the mutation’s text for the codes it names', () => {
  const codeTexts = { CONFLICT: reportTexts.alreadyReported };
  const conflict = failureOf({ __typename: 'ConflictError', message: 'conflict', code: 'CONFLICT' }, '', codeTexts);
  expect(conflict.message).toBe(reportTexts.alreadyReported);
  expect(conflict.code).toBe('CONFLICT');
  expect(failureOf({ __typename: 'ForbiddenError', message: '권한이 없습니다', code: 'FORBIDDEN' }, '', codeTexts).message).toBe('권한이 없습니다');
});

it('reads a caught failure’s message, or the fallback', () => {
  expect(failureMessage(new MutationFailure('실패'), '기본')).toBe('실패');
  expect(failureMessage(new MutationFailure(''), '기본')).toBe('기본');
  expect(failureMessage('not an error', '기본')).toBe('기본');
});
