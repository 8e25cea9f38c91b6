import { describe, expect, it } from 'vitest';
import { backends, useUpstream } from '../helpers/upstream.js';
import { getJson } from './support.js';

describe.each(backends())('GET /users/me (%s)', (backend) => {
  const upstream = useUpstream({ backend });

  it('answers the token’s own member with the e-mail', async () => {
    const token = await upstream.issueToken(3);
    const answer = await getJson(`${upstream.url}/users/me`, token);
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(3);
    expect(answer.body.email).toMatch(/@/);
  });

  it('is 401 for a guest and for a bad token', async () => {
    expect((await getJson(`${upstream.url}/users/me`)).status).toBe(401);
    expect((await getJson(`${upstream.url}/users/me`, 'nope')).status).toBe(401);
  });
});
