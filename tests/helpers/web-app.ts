import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../gateway/src/server/server.js';
import { closeBrowsers, openBrowser, type BrowserProfile } from './browser.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { startUpstream, type RunningUpstream } from './upstream.js';

export interface WebAppOptions {
  /** The member whose session the suite's browser carries; a guest when absent. */
  member?: number;
  /** Puts a fault proxy between the gateway and the upstream (`app.proxy`), so a suite can break upstream calls. */
  faultProxy?: boolean;
  /** Gateway settings beyond the built app's folder. */
  gateway?: Partial<GatewayOptions>;
  /** Extra Chromium flags for the suite's browser. */
  browserArgs?: string[];
  /** False for suites that only use browsers of their own members (`browserFor`). */
  browser?: boolean;
}

/** The built web app served by the real gateway over the real upstream (demo data), with Chromium in front. */
export interface WebApp {
  upstream: RunningUpstream;
  gateway: RunningGateway;
  /** Only with `faultProxy: true`. */
  proxy: FaultProxy;
  /** The suite's browser (a guest, or `member`). */
  browser: BrowserContext;
  /** Operation names of the GraphQL POSTs the pages opened by `open` sent ('' for an unnamed one), oldest first. */
  graphqlOperations: string[];
  /** A new tab at `path` (or an absolute URL) in `context` (the suite's browser by default), watched. */
  open(path: string, context?: BrowserContext): Promise<Page>;
  /** Counts a page's uncaught exceptions (they fail the test) and GraphQL requests; for pages the app opened itself. */
  watch(page: Page): Page;
  /**
   * A browser of its own signed in as `memberId`: closed after the test that opened it, or after the suite when
   * opened in `beforeAll`.
   */
  browserFor(memberId: number): Promise<BrowserContext>;
}

/**
 * Starts the stack before the suite and stops it after; an uncaught exception in any page opened by `open`
 * fails the test that caused it. What a test opens (tabs, member browsers) is closed when it ends: left open, a
 * file's browsers and their timers pile up (130 Chromium processes by the end of one file) and starve the tests
 * after them on a 2-core machine.
 */
export function useWebApp(options: WebAppOptions = {}): WebApp {
  /** Browsers opened before the tests (the suite's, and members' opened in `beforeAll`), closed after the suite. */
  const profiles: BrowserProfile[] = [];
  /** Browsers opened by the running test; undefined between tests. */
  let testProfiles: BrowserProfile[] | undefined;
  /** The tabs each suite-long browser had when the running test began. */
  const tabsBefore = new Map<BrowserContext, Set<Page>>();
  const pageErrors: Error[] = [];
  let proxy: FaultProxy | undefined;

  const app: WebApp = {
    graphqlOperations: [],
    watch(page) {
      page.on('pageerror', (error) => pageErrors.push(error));
      page.on('request', (request) => {
        if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return;
        const body = (/json/.test(request.headers()['content-type'] ?? '') ? request.postDataJSON() : null) as { operationName?: string } | null;
        app.graphqlOperations.push(body?.operationName ?? '');
      });
      return page;
    },
    async open(path, context = app.browser) {
      const page = app.watch(await context.newPage());
      await page.goto(/^https?:/.test(path) ? path : app.gateway.url + path);
      return page;
    },
    async browserFor(memberId) {
      const profile = await openBrowser({ token: await app.upstream.issueToken(memberId) });
      (testProfiles ?? profiles).push(profile);
      return profile.context;
    },
  } as Partial<WebApp> as WebApp;

  beforeAll(async () => {
    app.upstream = await startUpstream();
    if (options.faultProxy) app.proxy = proxy = await startFaultProxy(app.upstream.url);
    app.gateway = await startGateway({ port: 0, webDir: 'dist/web', ...options.gateway, upstreamUrl: (proxy ?? app.upstream).url });
    if (options.browser !== false) {
      const token = options.member === undefined ? undefined : await app.upstream.issueToken(options.member);
      const profile = await openBrowser({ token, args: options.browserArgs });
      profiles.push(profile);
      app.browser = profile.context;
    }
  }, 60_000);

  afterAll(async () => {
    for (const profile of profiles) await profile.close();
    await closeBrowsers();
    await app.gateway?.close();
    await proxy?.close();
    await app.upstream?.stop();
  });

  beforeEach(() => {
    testProfiles = [];
    for (const { context } of profiles) tabsBefore.set(context, new Set(context.pages()));
  });

  afterEach(async () => {
    const opened = testProfiles ?? [];
    testProfiles = undefined;
    for (const profile of opened) await profile.close();
    for (const [context, before] of tabsBefore) {
      for (const page of context.pages()) if (!before.has(page)) await page.close();
    }
    tabsBefore.clear();
    expect(pageErrors.splice(0)).toEqual([]);
  });

  return app;
}

/** The logged-in member's nickname, asked of the gateway with the page's session. */
export async function viewerNickname(page: Page): Promise<string> {
  const answer = (await page.evaluate(() =>
    fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', authorization: `token ${localStorage.getItem('userToken')}` },
      body: JSON.stringify({ query: '{ viewer { nickname } }' }),
    }).then((response) => response.json()),
  )) as { data: { viewer: { nickname: string } } };
  return answer.data.viewer.nickname;
}

/**
 * Until the address's entry names no modal: a modal closed by other means than Back goes back off its own history
 * entry a moment later, and a `page.goto` started before that Back lands is aborted by it.
 */
export const offModalEntries = (page: Page) =>
  expect.poll(() => page.evaluate(() => ((window.history.state as { usr?: { modals?: unknown[] } } | null)?.usr?.modals ?? []).length)).toBe(0);
