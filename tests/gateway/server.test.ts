import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, hardeningTexts } from '../../domain/messages.js';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import { startUpstream } from '../helpers/upstream.js';

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let gateway: RunningGateway;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root">shell</div>');
  await writeFile(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  upstream = await startUpstream();
  gateway = await startGateway({ upstreamUrl: upstream.url, port: 0, webDir });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.stop();
  await rm(webDir, { recursive: true, force: true });
});

describe('gateway listener', () => {
  it('answers /healthz', async () => {
    const response = await fetch(`${gateway.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves GraphiQL with the example query to a browser at /graphql', async () => {
    const response = await fetch(`${gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toMatch(/graphiql/i);
    expect(html).toContain('CommunityFeed');
  });

  it('serves the web app shell for client routes (to GET and HEAD) and fingerprinted assets with a long cache', async () => {
    for (const path of ['/', '/community', '/community/detail?id=abc', '/no/such/page']) {
      const response = await fetch(gateway.url + path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('shell');
    }
    for (const path of ['/', '/community', '/login']) {
      const head = await fetch(gateway.url + path, { method: 'HEAD' });
      expect(head.status, `HEAD ${path}`).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/text\/html/);
    }
    const asset = await fetch(`${gateway.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${gateway.url}/assets/missing.js`);
    expect(missing.status).toBe(404);
  });

  it('answers 404, not the app shell, under /graphql/: the persisted listing is absent where GraphiQL is off', async () => {
    const withoutGraphiQL = await startGateway({ upstreamUrl: upstream.url, port: 0, webDir, settings: { graphiql: false } });
    try {
      for (const [base, path] of [
        [withoutGraphiQL.url, '/graphql/persisted'],
        [gateway.url, '/graphql/nothing-here'],
      ]) {
        for (const accept of ['text/html', 'application/json']) {
          const response = await fetch(base + path, { headers: { accept } });
          expect(response.status, `${path} (${accept})`).toBe(404);
          expect(await response.text()).not.toContain('shell');
        }
      }
      expect((await fetch(`${gateway.url}/graphql/persisted`)).status).toBe(200);
    } finally {
      await withoutGraphiQL.close();
    }
  });

  it('takes POST /graphql/ as /graphql, and answers any other path under it with a GraphQL-shaped 404 in Korean', async () => {
    const post = (path: string) =>
      fetch(gateway.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ categories { name } }' }),
      });
    for (const path of ['/graphql/', '/graphql/?operationName=']) {
      const answer = await post(path);
      expect(answer.status, path).toBe(200);
      expect((await answer.json()).data.categories.length).toBeGreaterThan(0);
    }
    const elsewhere = await post('/graphql/nothing-here');
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({ errors: [{ message: hardeningTexts.apiPathNotFound('/graphql'), extensions: { code: 'NOT_FOUND' } }] });
    const noPage = await post('/no/such/page');
    expect(noPage.status).toBe(404);
    expect(await noPage.json()).toEqual({ status: 404, message: errorMessages.NOT_FOUND });
  });

  it("answers headers above Node's size limit (a 20 kB Authorization) with 431 in GraphQL's shape and Korean", async () => {
    const answer = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `token ${'a'.repeat(20_000)}` },
      body: JSON.stringify({ query: '{ categories { name } }' }),
    });
    expect(answer.status).toBe(431);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ errors: [{ message: hardeningTexts.headersTooLarge, extensions: { code: 'BAD_REQUEST' } }] });
    // A GET whose address alone passes the limit is told the same, which names the address too.
    const longGet = await fetch(`${gateway.url}/graphql?query=${encodeURIComponent(`{ categories { ${'name '.repeat(5_000)}} }`)}`);
    expect(longGet.status).toBe(431);
    expect((await longGet.json()).errors[0].message).toMatch(/주소/);
  });
});
