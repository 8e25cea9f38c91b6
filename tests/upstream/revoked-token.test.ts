import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUpstream } from '../../upstream/src/app.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { DEMO_EMAIL, DEMO_PASSWORD, send } from './account-support.js';

/** The API's own paths (health checks and static media sit outside the authenticated scope). */
const API_PREFIXES = ['/v1/', '/users', '/auth/', '/api/'];

/**
 * Every route the upstream serves, read from Fastify's route tree: `path` with each parameter filled in,
 * and its methods (HEAD left out; it follows GET).
 */
function routesOf(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (!match[3] || !API_PREFIXES.some((prefix) => path.startsWith(prefix))) continue;
    const concrete = path.replace(/:[A-Za-z]+(\|:[A-Za-z]+)?/g, '1');
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, path: concrete });
  }
  return routes;
}

describe.each(backends())('a revoked token (%s)', (backend) => {
  let upstream: RunningUpstream;
  let tree: string;
  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    // The route tree is the same whatever the store: read it from an unseeded in-memory instance.
    const probe = await buildUpstream({ dataDir: 'memory://', seed: false });
    tree = probe.app.printRoutes({ commonPrefix: false });
    await probe.close();
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('answers 401 on every route, public ones included, and never acts', async () => {
    const { body } = await send('POST', upstream.url + '/v1/user/login/', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const token: string = body.token;
    expect((await send('POST', upstream.url + '/auth/logout', undefined, token)).status).toBe(200);

    const routes = routesOf(tree);
    // The tree covers every feature's routes, including the ones this suite was written for.
    expect(routes.length).toBeGreaterThan(60);
    for (const expected of ['POST /users/me/profile-image', 'DELETE /users/me', 'GET /v1/community', 'POST /api/stories/create', 'GET /users/search']) {
      expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(expected);
    }
    const answers = await Promise.all(
      routes.map(async ({ method, path }) => {
        const answer = await send(method, upstream.url + path, method === 'GET' || method === 'DELETE' ? undefined : {}, token);
        return `${method} ${path} ${answer.status}`;
      }),
    );
    expect(answers.filter((line) => !line.endsWith(' 401'))).toEqual([]);
    // The member still exists and still has their password: nothing ran.
    expect((await send('POST', upstream.url + '/v1/user/login/', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
  });
});
