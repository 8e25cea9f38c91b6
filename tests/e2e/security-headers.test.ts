import { describe, expect, test } from 'vitest';
import { useWebApp } from '../helpers/web-app.js';

/** The built app under its Content-Security-Policy in Chromium: every page works and nothing is refused. */
const app = useWebApp({ member: 2 });

interface Violation {
  directive: string;
  blocked: string;
}

describe('the web app under its CSP', () => {
  test('/community and a post detail run with no CSP violation', async () => {
    await app.browser.addInitScript(() => {
      const seen: { directive: string; blocked: string }[] = [];
      (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.violatedDirective, blocked: event.blockedURI }));
    });
    const consoleViolations: string[] = [];
    const page = await app.open('/community');
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });
    const response = await page.reload();
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByTestId('post-card').first().waitFor();
    await page.getByTestId('post-card').first().click();
    await page.getByTestId('like-button').waitFor();
    // The layout variables of the inline <html> style and the inlined first-screen CSS both apply.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--layout-max-width').trim())).toBe('640px');
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
    expect(violations).toEqual([]);
    expect(consoleViolations).toEqual([]);

    // Screens that validate with the domain's zod schemas: zod must not probe eval (no compiled validators).
    await page.goto(`${app.gateway.url}/my/settings`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations)).toEqual([]);
    expect(consoleViolations).toEqual([]);
    await page.close();
  });
});
