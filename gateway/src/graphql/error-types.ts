import { CLIENT_ONLY_ERROR_CODES, DEPRECATED_ERROR_CODES, ERROR_CODE_MEANINGS, type ErrorCode as ErrorCodeValue } from '../../../domain/index.js';
import { builder } from './builder.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotAuthenticatedError,
  NotFoundError,
  TooManyAttemptsError,
  ValidationError,
  type ValidationIssue,
} from './errors.js';

/** The domain's error codes the server sends, each described: the type of `Error.code`, and every `extensions.code` the gateway sends. */
export const ErrorCode = builder.enumType('ErrorCode', {
  description: 'What kind of failure an error is: `Error.code` of a typed error, and `extensions.code` of a located error.',
  values: Object.fromEntries(
    Object.entries(ERROR_CODE_MEANINGS)
      .filter(([code]) => !(CLIENT_ONLY_ERROR_CODES as readonly string[]).includes(code))
      .map(([code, description]) => {
        const deprecationReason = DEPRECATED_ERROR_CODES[code as ErrorCodeValue];
        return [code, { value: code, description, ...(deprecationReason ? { deprecationReason } : {}) }];
      }),
    // Typed with every code: a client-only code is never made by the gateway's errors, so none reaches the enum.
  ) as { [K in ErrorCodeValue]: { value: K; description: string } },
});

/** Expected failures returned as typed results, each with a Korean message. */
export const ErrorInterface = builder.interfaceRef<Error & { code: ErrorCodeValue }>('Error').implement({
  description: "An expected failure answered as a result instead of the field's value.",
  fields: (t) => ({
    message: t.exposeString('message', { description: 'What went wrong, in Korean, ready to show to a member.' }),
    code: t.expose('code', { type: ErrorCode, description: 'What kind of failure it is.' }),
  }),
});

const ValidationIssueType = builder.objectRef<ValidationIssue>('ValidationIssue').implement({
  description: 'One broken input rule.',
  fields: (t) => ({
    path: t.exposeStringList('path', {
      description: 'Where: the argument name, then the input field names (list positions as digits), e.g. ["input", "title"] or ["first"].',
    }),
    message: t.exposeString('message', { description: 'The rule, in Korean, ready to show beside the field.' }),
    code: t.exposeString('code', { description: 'The kind of rule broken (too_small, too_big, invalid_format, custom …).' }),
  }),
});

/** Each error class as the object type of its name, implementing Error; some carry more than the message and code. */
for (const ErrorClass of [NotFoundError, NotAuthenticatedError, ForbiddenError, ConflictError, BadRequestError]) {
  builder.objectType(ErrorClass, {
    name: ErrorClass.name,
    description: ERROR_CODE_MEANINGS[new ErrorClass().code],
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof ErrorClass,
  });
}

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: ERROR_CODE_MEANINGS.VALIDATION_ERROR,
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({
    issues: t.field({ type: [ValidationIssueType], description: 'Each broken rule with where it is.', resolve: (error) => error.issues }),
  }),
});

builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  description: 'Too many failed attempts (logins, password checks) for now; try again after `retryAfterSeconds`.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof TooManyAttemptsError,
  fields: (t) => ({ retryAfterSeconds: t.exposeInt('retryAfterSeconds', { description: 'Seconds to wait before trying again.' }) }),
});
