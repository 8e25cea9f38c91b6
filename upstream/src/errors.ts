import type { ErrorDetail } from '../../domain/api.js';
import { ConfigError } from '../../domain/settings.js';

/**
 * Expected failures in the domain's words. Repositories and routes throw them; only http/errors.ts knows
 * which status each answers. Without a message the answer carries the catalogue's text for that status.
 */
export abstract class ExpectedError extends Error {
  constructor(readonly publicMessage?: string) {
    super(publicMessage ?? new.target.name);
  }
}

/** The caller is a guest, or their credential names no live session. */
export class UnauthenticatedError extends ExpectedError {}

/** A well-formed request the rules refuse: a wrong password, following oneself. */
export class RejectedError extends ExpectedError {}

/** The thing exists, but not for this caller to change. */
export class ForbiddenError extends ExpectedError {}

/** No such thing, or not one the caller may know of. */
export class NotFoundError extends ExpectedError {}

/** It is already there (a second report), or its state does not allow it now. */
export class ConflictError extends ExpectedError {}

/** Too many failed attempts (logins): refused until `retryAfterSeconds` have passed. */
export class TooManyAttemptsError extends ExpectedError {
  constructor(
    publicMessage: string,
    readonly retryAfterSeconds: number,
  ) {
    super(publicMessage);
  }
}

/** Input that broke the domain's rules, one detail per broken rule. */
export class ValidationError extends Error {
  constructor(readonly details: ErrorDetail[]) {
    super('validation failed');
  }

  /** One broken rule of one field. */
  static of(path: string, message: string, code = 'invalid_value'): ValidationError {
    return new ValidationError([{ path, message, code }]);
  }
}

/**
 * A setting or a resource the process cannot start with (DATABASE_URL unreachable, DEMO_DATA misspelt): the message
 * is one line for the operator, naming the setting and the cause; the program prints it and exits 1.
 */
export class StartupError extends Error {}

/**
 * Runs a start; one the operator must fix (a `StartupError`, or settings the schema of `config.ts` refuses) ends with
 * one line per fault saying what, on stderr, and exit code 1.
 */
export async function startOrExplain<T>(service: string, start: () => T | Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    // A ConfigError's lines already name the service.
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof StartupError) console.error(`${service}: ${error.message}`);
    else throw error;
    process.exit(1);
  }
}
