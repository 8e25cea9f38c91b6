import type { BrowserContextOptions, LaunchOptions } from 'playwright-core';

/**
 * How every browser test (and `npm run bench:web`) starts Debian's Chromium: headless, with the flags that keep it off
 * the network this machine does not have (TOOLCHAIN.md trap 9). Pass to `chromium.launch`.
 */
export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
} satisfies LaunchOptions;

/** Every test profile's page: phone-sized and Korean. Pass to `browser.newContext`. */
export const CHROMIUM_CONTEXT_OPTIONS = {
  locale: 'ko-KR',
  viewport: { width: 390, height: 844 },
} satisfies BrowserContextOptions;
