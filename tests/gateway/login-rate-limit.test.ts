import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_IDENTIFIER, LOGIN_ATTEMPTS_PER_IP } from '../../domain/limits.js';
import { accountTexts } from '../../domain/messages.js';
import { LoginAttempts } from '../../gateway/src/server/limits/loginAttempts.js';
import { TooManyAttemptsError } from '../../gateway/src/graphql/errors.js';
import { useStack } from '../helpers/stack.js';

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginWithPasswordInput!) {
    loginWithPassword(input: $input) {
      __typename
      ... on LoginWithPasswordPayload { token }
      ... on Error { message }
      ... on TooManyAttemptsError { retryAfterSeconds }
    }
  }
`;

describe('login attempts are limited per identifier and per IP', () => {
  const stack = useStack();

  const login = async (identifier: string, password: string) => (await stack.graphql(LOGIN, { input: { identifier, password } })).data.loginWithPassword;

  it('refuses an identifier after its failures, even with the right password, with a clear error', async () => {
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_IDENTIFIER; attempt++) {
      expect((await login('mallang@slime.community', 'wrongpass1')).__typename).toBe('BadRequestError');
    }
    stack.proxy.reset();
    const refused = await login('MALLANG@slime.community', 'slime1234');
    expect(refused.__typename).toBe('TooManyAttemptsError');
    expect(refused.message).toBe(accountTexts.errors.tooManyAttempts);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(stack.upstreamRequests()).toEqual([]);
    // Another member is not affected, and a success clears that member's failures.
    expect((await login('jellybear@slime.community', 'wrongpass1')).__typename).toBe('BadRequestError');
    expect((await login('jellybear@slime.community', 'slime1234')).__typename).toBe('LoginWithPasswordPayload');
  });

  it('refuses an address after too many failures across identifiers', async () => {
    // The identifier test above already used some of this address's failures.
    let refused = null;
    for (let attempt = 0; attempt <= LOGIN_ATTEMPTS_PER_IP && !refused; attempt++) {
      const answer = await login(`nobody${attempt}@slime.community`, 'wrongpass1');
      if (answer.__typename === 'TooManyAttemptsError') refused = answer;
    }
    expect(refused?.message).toBe(accountTexts.errors.tooManyAttempts);
    expect((await login('pudding@slime.community', 'slime1234')).__typename).toBe('TooManyAttemptsError');
  }, 60_000);
});

/** The Redis suite runs whenever TEST_REDIS_URL names a server (CI sets it). */
const redisServers = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

describe.each(redisServers)('login attempts in Redis (%s)', (redisUrl) => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('counts failures across gateway replicas sharing Redis', async () => {
    const connect = async () => {
      const client = new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 1, lazyConnect: true });
      clients.push(client);
      // Set but unreachable is a failure, never a skip.
      await client.connect();
      expect(await client.ping()).toBe('PONG');
      return client;
    };
    const [first, second] = [new LoginAttempts(await connect()), new LoginAttempts(await connect())];
    const identifier = `replica-${Date.now()}-${Math.random()}@slime.community`;
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_IDENTIFIER; attempt++) {
      await (attempt % 2 ? first : second).recordFailure(identifier, undefined);
    }
    await expect(first.assertAllowed(identifier, undefined)).rejects.toBeInstanceOf(TooManyAttemptsError);
    await expect(second.assertAllowed(identifier, undefined)).rejects.toBeInstanceOf(TooManyAttemptsError);
    await second.recordSuccess(identifier);
    await expect(first.assertAllowed(identifier, undefined)).resolves.toBeUndefined();
  });
});
