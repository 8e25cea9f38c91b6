import { afterAll, beforeAll, expect, test } from 'vitest';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';

/** The built app's scripts go out compressed at build time (`npm run build` first); no upstream is needed. */
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway({ upstreamUrl: 'http://127.0.0.1:9', port: 0, webDir: 'dist/web' });
});

afterAll(() => gateway?.close());

test('the entry script is sent brotli- or gzip-compressed as the browser accepts, and plain otherwise', async () => {
  const html = await (await fetch(`${gateway.url}/community`, { headers: { accept: 'text/html' } })).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  const plain = await fetch(gateway.url + entry!, { headers: { 'accept-encoding': 'identity' } });
  const plainText = await plain.text();
  expect(plain.headers.get('content-encoding')).toBeNull();
  for (const encoding of ['br', 'gzip']) {
    const response = await fetch(gateway.url + entry!, { headers: { 'accept-encoding': encoding } });
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe(plainText);
  }
});
