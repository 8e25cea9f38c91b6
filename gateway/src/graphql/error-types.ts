import { builder } from './builder.js';
import { BadRequestError, ConflictError, ForbiddenError, NotAuthenticatedError, NotFoundError, TooManyAttemptsError, ValidationError } from './errors.js';

/** Expected failures returned as typed results, each with the spec's Korean message. */
export const ErrorInterface = builder.interfaceRef<Error & { code: string }>('Error').implement({
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.exposeString('code', { description: '002 §8.1 오류 코드 (NOT_FOUND, VALIDATION_ERROR …)' }),
  }),
});

const ValidationIssue = builder.objectRef<{ path?: string; message: string; code?: string }>('ValidationIssue').implement({
  fields: (t) => ({
    path: t.string({ resolve: (issue) => issue.path ?? '' }),
    message: t.exposeString('message'),
    code: t.string({ resolve: (issue) => issue.code ?? 'invalid' }),
  }),
});

/** Each error class as the object type of its name, implementing Error; some carry more than the message and code. */
for (const ErrorClass of [NotFoundError, NotAuthenticatedError, ForbiddenError, ConflictError, BadRequestError]) {
  builder.objectType(ErrorClass, { name: ErrorClass.name, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof ErrorClass });
}

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({
    issues: t.field({ type: [ValidationIssue], resolve: (error) => error.issues }),
  }),
});

builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof TooManyAttemptsError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds') }),
});
