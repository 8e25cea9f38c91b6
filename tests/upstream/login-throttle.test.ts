import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_PAIR } from '../../domain/limits.js';
import { accountTexts } from '../../domain/messages.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';

describe.each(backends())('the REST login is throttled like the gateway’s (%s)', (backend) => {
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
  }, 60_000);
  afterAll(async () => upstream?.stop());

  /** A login as a client at `address` (the upstream trusts X-Forwarded-For from a gateway on this host). */
  const login = async (email: string, password: string, address: string) => {
    const response = await fetch(`${upstream.url}/v1/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };

  it('refuses the guessing address with 429 and Retry-After, even with the right password; the owner elsewhere gets in', async () => {
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR; attempt++) {
      expect((await login('mallang@slime.community', 'wrongpass1', '198.51.100.1')).status).toBe(400);
    }
    const refused = await login('mallang@slime.community', 'slime1234', '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(accountTexts.errors.tooManyAttempts(Number(refused.retryAfter)));
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await login('mallang@slime.community', 'slime1234', '203.0.113.7')).status).toBe(200);
  });

  it('limits a logged-in member’s password re-checks the same way: a stolen session cannot guess the password', async () => {
    const token = await upstream.issueToken(4);
    const me = (await (await fetch(`${upstream.url}/users/me`, { headers: { authorization: `token ${token}` } })).json()) as { email: string };
    const recheck = async (method: 'PUT' | 'DELETE', body: object) => {
      const response = await fetch(`${upstream.url}${method === 'PUT' ? '/users/me/password' : '/users/me'}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `token ${token}`, 'x-forwarded-for': '198.51.100.9' },
        body: JSON.stringify(body),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    };
    const wrongChange = { currentPassword: 'wrongpass1', newPassword: 'newpass123', newPasswordConfirm: 'newpass123' };
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_PAIR - 1; attempt++) {
      const refused = await recheck('PUT', wrongChange);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(accountTexts.errors.currentPasswordWrong);
    }
    // Account deletion's check counts toward the same limit.
    expect((await recheck('DELETE', { password: 'wrongpass1' })).body.message).toBe(accountTexts.errors.passwordWrong);
    for (const [method, body] of [
      ['PUT', { ...wrongChange, currentPassword: 'slime1234' }],
      ['DELETE', { password: 'slime1234' }],
    ] as const) {
      const throttled = await recheck(method, body);
      expect(throttled.status).toBe(429);
      expect(throttled.body.message).toBe(accountTexts.errors.tooManyPasswordChecks(Number(throttled.retryAfter)));
    }
    // Nothing changed: the password still logs in (from another address), and the account is still there.
    expect((await login(me.email, 'slime1234', '203.0.113.9')).status).toBe(200);
  });
});
