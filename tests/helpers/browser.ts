import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_OPTIONS } from './chromium.js';

export interface BrowserProfile {
  context: BrowserContext;
  /** Closes the browser and removes its profile folder. */
  close(): Promise<void>;
}

/**
 * Chromium with a profile of its own (a fresh folder, removed on close), signed in as the member whose session
 * `token` is (the web app reads it from local storage, as after a login), or a guest. `args` adds flags to the
 * standard ones (e.g. `--host-resolver-rules`).
 */
export async function openBrowser(name: string, { token, args = [] }: { token?: string; args?: string[] } = {}): Promise<BrowserProfile> {
  const profileDir = await mkdtemp(join(tmpdir(), `${name}-e2e-`));
  const context = await chromium.launchPersistentContext(profileDir, { ...CHROMIUM_OPTIONS, args: [...CHROMIUM_OPTIONS.args, ...args] });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('userToken', value), token);
  return {
    context,
    async close() {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
