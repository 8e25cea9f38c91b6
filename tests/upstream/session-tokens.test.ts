import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, refreshTokens } from '../../upstream/src/db/schema.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { DEMO_EMAIL, DEMO_PASSWORD, send } from './account-support.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(backends())('session and refresh tokens at rest (%s)', (backend) => {
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('the tables hold only hashes of what login and refresh answered; the tokens still log in, refresh and log out', async () => {
    const login = await send('POST', `${upstream.url}/v1/user/login/`, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const renewed = await send('POST', `${upstream.url}/auth/refresh`, { refreshToken: login.body.refreshToken });
    expect(renewed.status).toBe(200);
    const answered: string[] = [login.body.token, login.body.refreshToken, renewed.body.token, renewed.body.refreshToken];

    const stored = [
      ...(await upstream.db.select({ value: authTokens.tokenHash }).from(authTokens)),
      ...(await upstream.db.select({ value: refreshTokens.tokenHash }).from(refreshTokens)),
    ].map((row) => row.value);
    for (const token of answered) {
      expect(stored).not.toContain(token);
      expect(stored).toContain(sha256(token));
    }

    // The renewed pair works; the first pair was revoked by the rotation.
    expect((await send('GET', `${upstream.url}/users/me`, undefined, renewed.body.token)).status).toBe(200);
    expect((await send('GET', `${upstream.url}/users/me`, undefined, login.body.token)).status).toBe(401);
    expect((await send('POST', `${upstream.url}/auth/logout`, undefined, renewed.body.token)).status).toBe(200);
    expect((await send('GET', `${upstream.url}/users/me`, undefined, renewed.body.token)).status).toBe(401);
    expect((await send('POST', `${upstream.url}/auth/refresh`, { refreshToken: renewed.body.refreshToken })).status).toBe(401);
  });
});
