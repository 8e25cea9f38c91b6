import { DrizzleQueryError } from 'drizzle-orm/errors';
import { expect, it } from 'vitest';
import { serializeError } from '../../upstream/src/http/log-errors.js';

it('a failed query is logged with its SQL and its cause, never its parameters', () => {
  const driver = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
  const failed = new DrizzleQueryError('select "id" from "users" where "email" = $1 and "token_hash" = $2', ['member@slime.community', 'f00dcafe'], driver);
  const wrapped = new Error('session lookup failed', { cause: failed });

  for (const error of [failed, wrapped]) {
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('member@slime.community');
    expect(logged).not.toContain('f00dcafe');
    expect(logged).not.toContain('params');
    expect(logged).toContain('Failed query: select \\"id\\" from \\"users\\" where \\"email\\" = $1');
    expect(logged).toContain('Connection terminated unexpectedly');
  }
  // The driver's code, on the failed query's own line.
  expect(serializeError(failed)).toMatchObject({ type: 'RedactedQueryError', code: 'ECONNRESET' });
  // The error itself is left as it was.
  expect(failed.params).toEqual(['member@slime.community', 'f00dcafe']);
});
