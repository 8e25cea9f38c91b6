import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUpstream, type Upstream } from '../../upstream/src/app.js';

/** Where a page's next/previous links lead, and that a Host header a client makes up cannot choose it. */
let configured: Upstream;
let unconfigured: Upstream;

beforeAll(async () => {
  [configured, unconfigured] = await Promise.all([
    buildUpstream({ dataDir: 'memory://', publicUrl: 'https://api.slime.example/rest/' }),
    buildUpstream({ dataDir: 'memory://' }),
  ]);
}, 120_000);
afterAll(async () => {
  await configured?.close();
  await unconfigured?.close();
});

const links = async (upstream: Upstream, host: string) => {
  const answer = await upstream.app.inject({ method: 'GET', url: '/v1/community/?page=2&page_size=5', headers: { host } });
  expect(answer.statusCode).toBe(200);
  const { next, previous } = answer.json() as { next: string; previous: string };
  return { next, previous };
};

it('lead to UPSTREAM_PUBLIC_URL when it is set, whatever Host the request names', async () => {
  expect(await links(configured, 'evil.example')).toEqual({
    next: 'https://api.slime.example/rest/v1/community/?page=3&page_size=5',
    previous: 'https://api.slime.example/rest/v1/community/?page=1&page_size=5',
  });
});

it('lead to where the client asked when no public address is set', async () => {
  expect((await links(unconfigured, 'localhost:4001')).next).toBe('http://localhost:4001/v1/community/?page=3&page_size=5');
});

it('past the last page, lead back to the last page that has results, and nowhere further', async () => {
  const first = (await unconfigured.app.inject({ method: 'GET', url: '/v1/community/?page_size=5', headers: { host: 'localhost' } })).json() as {
    total_pages: number;
  };
  expect(first.total_pages).toBeGreaterThan(1);
  const answer = await unconfigured.app.inject({ method: 'GET', url: '/v1/community/?page=999&page_size=5', headers: { host: 'localhost' } });
  expect(answer.statusCode).toBe(200);
  const body = answer.json() as { results: unknown[]; next: string | null; previous: string };
  expect(body.results).toEqual([]);
  expect(body.next).toBeNull();
  expect(body.previous).toBe(`http://localhost/v1/community/?page=${first.total_pages}&page_size=5`);
});
