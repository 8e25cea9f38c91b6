import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * pino's error serializer, with a failed query's parameters left out. Drizzle's `DrizzleQueryError` carries them in
 * its `params`, its message and so its stack: a login's e-mail, a session token's hash, a post's text. The log keeps
 * the SQL text and the driver's cause (its code and message), which tell what failed.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return stdSerializers.err(withoutQueryParams(error));
}

/** A `DrizzleQueryError` as logged: its SQL, the driver's error code and cause, no parameters. */
class RedactedQueryError extends Error {
  override name = 'RedactedQueryError';
  code?: string;
}

function withoutQueryParams<T>(error: T): T | Error {
  if (!(error instanceof Error)) return error;
  if (error instanceof DrizzleQueryError) {
    const safe = new RedactedQueryError(`Failed query: ${error.query}`, { cause: withoutQueryParams(error.cause) });
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') safe.code = code;
    // The stack starts with the message, parameters included: keep only its frames.
    const header = String(error);
    const frames = error.stack?.startsWith(header) ? error.stack.slice(header.length) : '';
    safe.stack = `${String(safe)}${frames}`;
    return safe;
  }
  if (error.cause instanceof Error) {
    const cause = withoutQueryParams(error.cause);
    if (cause !== error.cause)
      return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error, { message: error.message, stack: error.stack, cause });
  }
  return error;
}
