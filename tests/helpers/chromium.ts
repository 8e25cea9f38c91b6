import type { LaunchOptions } from 'playwright-core';

/**
 * How every browser test (and `npm run bench:web`) starts Debian's Chromium: headless, a phone-sized Korean page, and
 * the flags that keep it off the network this machine does not have (TOOLCHAIN.md trap 9). Pass to
 * `chromium.launchPersistentContext`.
 */
export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  locale: 'ko-KR',
  viewport: { width: 390, height: 844 },
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
} satisfies LaunchOptions & { locale: string; viewport: { width: number; height: number } };
