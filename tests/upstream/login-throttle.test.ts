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
});
