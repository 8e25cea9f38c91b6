import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_IDENTIFIER, LOGIN_ATTEMPTS_PER_IP, LOGIN_ATTEMPTS_PER_PAIR } from '../../domain/limits.js';
import { accountTexts } from '../../domain/messages.js';
import { LoginAttempts } from '../../gateway/src/server/limits/loginAttempts.js';
import { TooManyAttemptsError } from '../../gateway/src/graphql/errors.js';
import { useStack } from '../helpers/stack.js';

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginWithPasswordInput!) {
    loginWithPassword(input: $input) {
      __typename
      ... on LoginWithPasswordPayload { token }
      ... on Error { message code }
      ... on TooManyAttemptsError { retryAfterSeconds }
    }
  }
`;

describe('failed logins are limited per identifier and address, per identifier from unknown addresses, and per address', () => {
  // The gateway takes the client's address from X-Forwarded-For here, so each test speaks from addresses of its own.
  const stack = useStack({ settings: { trustProxy: true } });

  const login = async (identifier: string, password: string, address: string) =>
    (await stack.graphql(LOGIN, { input: { identifier, password } }, { headers: { 'x-forwarded-for': address } })).data.loginWithPassword;

  it('wrong passwords from one address refuse that address, even with the right password, and never the owner at another', async () => {
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR; attempt++) {
      expect((await login('mallang@slime.community', 'wrongpass1', '198.51.100.1')).__typename).toBe('BadRequestError');
    }
    stack.proxy.reset();
    const refused = await login('MALLANG@slime.community', 'slime1234', '198.51.100.1');
    expect(refused.__typename).toBe('TooManyAttemptsError');
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe(accountTexts.errors.tooManyAttempts(refused.retryAfterSeconds));
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(stack.upstreamRequests()).toEqual([]);
    // The owner, elsewhere, gets in: the guesser's failures were counted against the guesser's address.
    expect((await login('mallang@slime.community', 'slime1234', '203.0.113.7')).__typename).toBe('LoginWithPasswordPayload');
    // Another member is not affected at the guesser's address.
    expect((await login('jellybear@slime.community', 'slime1234', '198.51.100.1')).__typename).toBe('LoginWithPasswordPayload');
  });

  it('a client cannot choose its address by writing X-Forwarded-For itself: the address the proxy saw counts', async () => {
    // Behind a load balancer the header reads "<whatever the client sent>, <the client's real address>".
    const seenByProxy = '198.51.100.33';
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR; attempt++) {
      expect((await login('artisan@slime.community', 'wrongpass1', `203.0.113.${attempt + 100}, ${seenByProxy}`)).__typename).toBe('BadRequestError');
    }
    expect((await login('artisan@slime.community', 'slime1234', `192.0.2.250, ${seenByProxy}`)).__typename).toBe('TooManyAttemptsError');
    expect((await login('artisan@slime.community', 'slime1234', '203.0.113.200')).__typename).toBe('LoginWithPasswordPayload');
  });

  it('failures spread over many addresses refuse addresses the member never used, but let the owner in from a known one', async () => {
    const owner = 'pudding@slime.community';
    const home = '203.0.113.20';
    expect((await login(owner, 'slime1234', home)).__typename).toBe('LoginWithPasswordPayload');
    // Guessers on many addresses, each under the per-pair limit, use up the identifier's limit.
    const addresses = Math.ceil(LOGIN_ATTEMPTS_PER_IDENTIFIER / (LOGIN_ATTEMPTS_PER_PAIR - 1));
    for (let address = 0; address < addresses; address++) {
      for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR - 1; attempt++) await login(owner, 'wrongpass1', `192.0.2.${address + 1}`);
    }
    // A stranger's address is refused even with the right password ...
    expect((await login(owner, 'slime1234', '198.51.100.99')).__typename).toBe('TooManyAttemptsError');
    // ... the owner at home gets in.
    expect((await login(owner, 'slime1234', home)).__typename).toBe('LoginWithPasswordPayload');
  }, 120_000);

  it('refuses an address after too many failures across identifiers', async () => {
    const sprayer = '198.51.100.50';
    let refused = null;
    for (let attempt = 0; attempt <= LOGIN_ATTEMPTS_PER_IP && !refused; attempt++) {
      const answer = await login(`nobody${attempt}@slime.community`, 'wrongpass1', sprayer);
      if (answer.__typename === 'TooManyAttemptsError') refused = answer;
    }
    expect(refused?.message).toBe(accountTexts.errors.tooManyAttempts(refused?.retryAfterSeconds ?? 0));
    expect((await login('artisan@slime.community', 'slime1234', sprayer)).__typename).toBe('TooManyAttemptsError');
  }, 60_000);
});

describe('a logged-in member’s password re-checks are limited like logins', () => {
  const stack = useStack({ settings: { trustProxy: true } });
  const CHANGE = /* GraphQL */ `
    mutation Change($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        __typename
        ... on Error { message code }
        ... on TooManyAttemptsError { retryAfterSeconds }
      }
    }
  `;
  const DELETE = /* GraphQL */ `
    mutation Delete($input: DeleteAccountInput!) {
      deleteAccount(input: $input) {
        __typename
        ... on Error { message }
        ... on TooManyAttemptsError { retryAfterSeconds }
      }
    }
  `;

  it('answers TooManyAttemptsError once the limit is used, even for the right password, and changes nothing', async () => {
    const token = await stack.upstream.issueToken(5);
    const as = (query: string, input: object) =>
      stack.graphql(query, { input }, { token, headers: { 'x-forwarded-for': '198.51.100.70' } }).then((answer) => Object.values(answer.data)[0] as any);
    const wrong = { currentPassword: 'wrongpass1', newPassword: 'newpass123', newPasswordConfirm: 'newpass123' };
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR; attempt++) {
      expect((await as(CHANGE, wrong)).message).toBe(accountTexts.errors.currentPasswordWrong);
    }
    for (const [query, input] of [
      [CHANGE, { ...wrong, currentPassword: 'slime1234' }],
      [DELETE, { password: 'slime1234' }],
    ] as const) {
      const refused = await as(query, input);
      expect(refused.__typename).toBe('TooManyAttemptsError');
      if (query === CHANGE) expect(refused.code).toBe('RATE_LIMITED');
      expect(refused.message).toBe(accountTexts.errors.tooManyPasswordChecks(refused.retryAfterSeconds));
    }
    expect((await stack.rest('/users/me', token)).id).toBe(5);
  });
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
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR; attempt++) {
      await (attempt % 2 ? first : second).recordFailure(identifier, '198.51.100.1');
    }
    await expect(first.assertAllowed(identifier, '198.51.100.1')).rejects.toBeInstanceOf(TooManyAttemptsError);
    await expect(second.assertAllowed(identifier, '198.51.100.1')).rejects.toBeInstanceOf(TooManyAttemptsError);
    await expect(second.assertAllowed(identifier, '203.0.113.7')).resolves.toBeUndefined();
    await second.recordSuccess(identifier, '198.51.100.1');
    await expect(first.assertAllowed(identifier, '198.51.100.1')).resolves.toBeUndefined();
  });
});
