import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_CONTEXT_OPTIONS, CHROMIUM_OPTIONS } from './chromium.js';

export interface BrowserProfile {
  context: BrowserContext;
  /** Closes the context (its tabs, storage and cookies go with it). */
  close(): Promise<void>;
}

/**
 * One Chromium per test file and set of extra flags, shared by every profile the file opens: a profile is a browser
 * context of its own (storage, cookies and cache apart, as a separate browser's), which takes tens of milliseconds
 * where launching Chromium for each member took seconds of a busy 2-core machine.
 */
const launched = new Map<string, Promise<Browser>>();

function chromiumWith(args: string[]): Promise<Browser> {
  const key = args.join(' ');
  let browser = launched.get(key);
  if (!browser) {
    browser = chromium.launch({ ...CHROMIUM_OPTIONS, args: [...CHROMIUM_OPTIONS.args, ...args] });
    launched.set(key, browser);
  }
  return browser;
}

/**
 * A browser profile of its own, signed in as the member whose session `token` is (the web app reads it from local
 * storage, as after a login), or a guest. `args` adds flags to the standard ones (e.g. `--host-resolver-rules`).
 */
export async function openBrowser({ token, args = [] }: { token?: string; args?: string[] } = {}): Promise<BrowserProfile> {
  const context = await (await chromiumWith(args)).newContext(CHROMIUM_CONTEXT_OPTIONS);
  if (token) await context.addInitScript((value) => window.localStorage.setItem('userToken', value), token);
  return { context, close: () => context.close() };
}

/** Closes the file's Chromium processes (after its suite). */
export async function closeBrowsers(): Promise<void> {
  const browsers = [...launched.values()];
  launched.clear();
  for (const browser of browsers) await (await browser).close();
}
