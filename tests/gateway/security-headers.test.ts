import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../../domain/index.js';
import { SOCIAL_SDKS } from '../../domain/social-sdks.js';
import { useStack } from '../helpers/stack.js';

/** A built app shell as the build writes it: the first screen's CSS inline, layout variables on <html>, one module script. */
const webDir = mkdtempSync(join(tmpdir(), 'csp-web-'));
const inlineCss = ':root{--brand:#FF6B6B}body{margin:0}';
const rootStyle = '--layout-max-width:640px';
writeFileSync(
  join(webDir, 'index.html'),
  `<!doctype html><html lang="ko" style="${rootStyle}"><head><script type="module" src="/assets/app.js"></script><style>${inlineCss}</style></head><body><div id="root"></div></body></html>`,
);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const stack = useStack({ webDir });
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy as directive → sources. */
function policyOf(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const page = (path: string, accept = 'text/html') => fetch(stack.gateway.url + path, { headers: { accept } });

describe('browser security headers', () => {
  it.each(['/', '/community', '/community/detail/1'])(
    '%s: a strict CSP without inline scripts, nosniff, no framing, a strict referrer policy',
    async (path) => {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      const policy = policyOf(response.headers.get('content-security-policy'));
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", 'https://accounts.google.com', 'https://t1.kakaocdn.net', 'https://appleid.cdn-apple.com']);
      expect(policy.get('style-src')).toEqual(["'self'", sha(inlineCss), "'unsafe-hashes'", sha(rootStyle), ...SOCIAL_SDKS.google.styles]);
      expect(policy.get('frame-src')).toEqual(['https://accounts.google.com', 'https://kauth.kakao.com', 'https://appleid.apple.com']);
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'https://accounts.google.com',
        'https://oauth2.googleapis.com',
        'https://kauth.kakao.com',
        'https://kapi.kakao.com',
        'https://appleid.apple.com',
      ]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    },
  );

  it('GraphiQL gets a policy that lets its page load from this origin alone, and is not frameable either', async () => {
    const response = await page('/graphql');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/graphiql/i);
    const policy = policyOf(response.headers.get('content-security-policy'));
    // Its one inline script (the bundled GraphiQL) by hash, and no other origin anywhere.
    const script = html.slice(html.indexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
    expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
    expect(response.headers.get('content-security-policy')).not.toMatch(/https?:/);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('GraphQL answers carry the headers too', async () => {
    const response = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('media keep their own stricter policy', async () => {
    const response = await page('/media/avatars/avatar-mint.svg', '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
