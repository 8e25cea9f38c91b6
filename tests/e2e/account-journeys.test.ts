import { type Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../domain/limits.js';
import { accountTexts, journeyTexts } from '../../domain/messages.js';
import { lastMail } from '../helpers/mail.js';
import { useWebApp } from '../helpers/web-app.js';

/**
 * The journeys a stranger takes in Chromium: sign up from the login sheet, recover a forgotten password through the
 * mail the upstream writes, verify the e-mail through its link, and a password change the login sheet would refuse.
 */

const sheet = accountTexts.sheet;
const r = journeyTexts.register;
const RULE = accountTexts.validation.passwordRule(8, 20);

const app = useWebApp();

beforeAll(async () => {
  // The providers' SDKs are out of reach here; answer their script requests as missing at once.
  await app.browser.route(/^https:\/\/(accounts\.google\.com|t1\.kakaocdn\.net|appleid\.cdn-apple\.com)\//, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
});

afterEach(async () => {
  for (const page of app.browser.pages()) await page.close();
});

/** A page at `path` as a guest (or with `token` as the session). */
async function open(path: string, token?: string): Promise<Page> {
  const page = await app.open('/privacy');
  await page.evaluate((value) => {
    window.localStorage.clear();
    if (value) window.localStorage.setItem('userToken', value);
  }, token ?? null);
  await page.goto(app.gateway.url + path);
  return page;
}

/** A member made through the REST API; answers their session token. */
async function registered(email: string, password: string, nickname: string): Promise<string> {
  const answer = await fetch(`${app.upstream.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, passwordConfirm: password, nickname, agreeTerms: true, agreePrivacy: true }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { token: string }).token;
}

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('userToken'));
/** The link of a mail, opened on the app under test (the mail names the configured APP_URL). */
const onApp = (link: string) => app.gateway.url + new URL(link).pathname + new URL(link).search;

describe('sign-up', () => {
  test('sign-up tells a bad e-mail or nickname when the field is left, and a refused send puts focus on the first wrong field', async () => {
    const page = await open('/register');
    const email = page.getByLabel(r.email, { exact: true });
    await email.fill('not-an-email');
    await email.press('Tab');
    await page.getByText(accountTexts.validation.email).waitFor();
    const nickname = page.getByLabel(r.nickname);
    await nickname.fill('말랑\u200b');
    await nickname.press('Tab');
    await page.getByText(accountTexts.validation.nicknameInvisible).waitFor();
    expect(await page.getByRole('group', { name: r.consents }).count()).toBe(1);

    await email.fill('focus@example.com');
    await nickname.fill('포커스슬라임');
    await page.getByLabel(r.password, { exact: true }).fill('focus1234');
    await page.getByLabel(r.passwordConfirm).fill('focus1234');
    await page.getByRole('button', { name: r.submit }).click();
    const terms = page.getByLabel(r.agreeTerms);
    await expect.poll(() => terms.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await terms.getAttribute('aria-invalid')).toBe('true');

    // A taken nickname (a demo member's) is told at the nickname field, not the e-mail's.
    await terms.check();
    await page.getByLabel(r.agreePrivacy).check();
    await nickname.fill('말랑콩떡');
    await page.getByRole('button', { name: r.submit }).click();
    await expect.poll(() => nickname.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(accountTexts.errors.nicknameTaken).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('false');
  });

  test('a tap on a consent right after a too-short nickname checks it: the message takes the hint’s place, nothing moves', async () => {
    const page = await open('/register');
    await page.getByLabel(r.nickname).fill('가');
    const terms = page.getByLabel(r.agreeTerms);
    const before = await terms.boundingBox();
    // Leaving the nickname for the box shows its message at once, while the tap is still on its way.
    await terms.click();
    await page.getByText(accountTexts.validation.nickname(NICKNAME_MIN, NICKNAME_MAX)).waitFor();
    expect(await terms.isChecked()).toBe(true);
    expect((await terms.boundingBox())?.y).toBe(before?.y);
  });

  test('from the login sheet to /register; the rule shows while typing; a taken e-mail is told at its field; then logged in', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
    const dialog = page.getByRole('dialog', { name: sheet.title });
    // No quick login is on here: the sheet is the e-mail or phone login alone.
    await dialog.getByRole('link', { name: accountTexts.pages.register }).click();
    await page.waitForURL(`${app.gateway.url}/register`);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const submit = page.getByRole('button', { name: r.submit });
    await page.getByLabel(r.email, { exact: true }).fill('mallang@slime.community');
    await page.getByLabel(r.password, { exact: true }).fill('abcdef');
    await page.getByLabel(r.passwordConfirm).fill('abcdef');
    await page.getByLabel(r.nickname).fill('새싹슬라임');
    // Left with the rule broken, the hint says so in words (not by colour alone) and the field is marked invalid.
    expect(await page.getByTestId('password-rule').textContent()).toBe(journeyTexts.password.broken(RULE));
    expect(await page.getByLabel(r.password, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(r.password, { exact: true }).fill('sprout123');
    await page.getByLabel(r.passwordConfirm).fill('sprout124');
    await page.getByText(accountTexts.validation.passwordMismatch).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(r.passwordConfirm).fill('sprout123');
    expect(await page.getByTestId('password-rule').textContent()).toBe(journeyTexts.password.ok);

    // The consents are required, each with its own message; the terms and privacy texts are a link away.
    await submit.click();
    await page.getByText(accountTexts.validation.agreeTerms).waitFor();
    await page.getByText(accountTexts.validation.agreePrivacy).waitFor();
    expect(await page.getByRole('link', { name: r.viewTerms }).getAttribute('href')).toBe('/terms');
    expect(await page.getByRole('link', { name: r.viewPrivacy }).getAttribute('href')).toBe('/privacy');
    await page.getByLabel(r.agreeTerms).check();
    await page.getByLabel(r.agreePrivacy).check();
    await page.getByLabel(r.agreeMarketing).check();

    // The e-mail belongs to a demo member: 409, told at the e-mail field.
    await submit.click();
    const email = page.getByLabel(r.email, { exact: true });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(accountTexts.errors.emailTaken).waitFor();
    expect(await storedToken(page)).toBeNull();

    await email.fill('sprout@example.com');
    await submit.click();
    await page.waitForURL(`${app.gateway.url}/community`);
    await page
      .getByTestId('toast')
      .filter({ hasText: r.welcome('새싹슬라임') })
      .waitFor();
    expect(await storedToken(page)).toMatch(/^[0-9a-f]{64}$/);
    const me = await fetch(`${app.upstream.url}/users/me`, { headers: { authorization: `token ${await storedToken(page)}` } });
    expect(((await me.json()) as { nickname: string }).nickname).toBe('새싹슬라임');

    // A member who opens the guests' screens is sent on.
    await page.goto(`${app.gateway.url}/signup`);
    await page.waitForURL(`${app.gateway.url}/community`);
    await page.goto(`${app.gateway.url}/login`);
    await page.waitForURL(`${app.gateway.url}/my`);
    await page.goto(`${app.gateway.url}/forgot-password`);
    await page.waitForURL(`${app.gateway.url}/my`);
  });

  test('/login links to the sign-up screen', async () => {
    const page = await open('/login');
    await page.getByRole('link', { name: accountTexts.pages.register }).click();
    await page.waitForURL(`${app.gateway.url}/register`);
    await page.getByRole('heading', { name: r.title }).waitFor();
  });
});

describe('forgotten password', () => {
  test("the sheet's forgot link, the mail file's link, a new password, and logged in; the used link says so", async () => {
    await registered('forgetful@example.com', 'original123', '깜빡슬라임');
    const page = await open('/login/sign-in');
    await page.getByLabel(sheet.identifierLabel).fill('forgetful@example.com');
    await page.getByRole('button', { name: sheet.next }).click();
    await page.getByRole('link', { name: sheet.forgotPassword }).click();
    await page.waitForURL(`${app.gateway.url}/login/set-password`);

    // The e-mail typed at login is already in the form.
    expect(await page.getByLabel(journeyTexts.forgot.email, { exact: true }).inputValue()).toBe('forgetful@example.com');
    await page.getByRole('button', { name: journeyTexts.forgot.submit }).click();
    await page.getByText(journeyTexts.forgot.sent('forgetful@example.com')).waitFor();

    const mail = await lastMail(app.upstream.mailDir, 'forgetful@example.com', '/reset-password');
    await page.goto(onApp(mail.link));
    const submit = page.getByRole('button', { name: journeyTexts.reset.submit });
    await page.getByLabel(journeyTexts.reset.newPassword, { exact: true }).fill('abcdef');
    await page.getByLabel(journeyTexts.reset.newPasswordConfirm).fill('abcdef');
    expect(await page.getByTestId('password-rule').textContent()).toBe(journeyTexts.password.broken(RULE));
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(journeyTexts.reset.newPassword, { exact: true }).fill('remember123');
    await page.getByLabel(journeyTexts.reset.newPasswordConfirm).fill('remember123');
    await submit.click();
    await page.waitForURL(`${app.gateway.url}/community`);
    await page.getByTestId('toast').filter({ hasText: accountTexts.pages.resetDone }).waitFor();
    const token = await storedToken(page);
    const me = await fetch(`${app.upstream.url}/users/me`, { headers: { authorization: `token ${token}` } });
    expect(((await me.json()) as { email: string }).email).toBe('forgetful@example.com');

    // The link works once: opened again, it says so at once (no form to fill for nothing) and offers a new mail.
    const again = await open(onApp(mail.link).slice(app.gateway.url.length));
    await again.getByText(journeyTexts.reset.invalidLink).waitFor();
    expect(await again.getByLabel(journeyTexts.reset.newPassword, { exact: true }).count()).toBe(0);
    await again.getByRole('link', { name: journeyTexts.reset.requestAgain }).click();
    await again.waitForURL(`${app.gateway.url}/forgot-password`);
  });
});

describe('e-mail verification', () => {
  test('the settings offer the mail; its link verifies; the settings then say verified', async () => {
    const token = await registered('verify-me@example.com', 'verify1234', '인증슬라임');
    const page = await open('/my/settings', token);
    const status = page.getByTestId('email-verification');
    await expect.poll(() => status.textContent()).toBe(journeyTexts.settings.notVerified('verify-me@example.com'));
    await page.getByRole('button', { name: journeyTexts.settings.sendVerification }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.pages.verifyMailSent }).waitFor();

    const mail = await lastMail(app.upstream.mailDir, 'verify-me@example.com', '/verify-email');
    await page.goto(onApp(mail.link));
    await page.getByText(journeyTexts.verify.done).waitFor();
    await page.goto(`${app.gateway.url}/my/settings`);
    await expect.poll(() => status.textContent()).toBe(journeyTexts.settings.verified('verify-me@example.com'));
    expect(await page.getByRole('button', { name: journeyTexts.settings.sendVerification }).count()).toBe(0);

    // The link works once.
    await page.goto(onApp(mail.link));
    await page.getByText(journeyTexts.verify.invalidLink).waitFor();
  });
});

describe('settings', () => {
  test('refuse a new password the login sheet would refuse, with the rule in view', async () => {
    const token = await registered('careful@example.com', 'careful123', '신중슬라임');
    const page = await open('/my/settings', token);
    const s = accountTexts.settings;
    const change = page.getByRole('button', { name: s.changePassword });
    await page.getByLabel(s.currentPassword, { exact: true }).fill('careful123');
    const hint = page.getByTestId('password-rule');
    const hintColour = () => hint.evaluate((element) => getComputedStyle(element).color);
    const danger = await page.evaluate(() => {
      const probe = document.body.appendChild(Object.assign(document.createElement('p'), { className: 'field__error' }));
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    });
    const newPassword = page.getByLabel(s.newPassword, { exact: true });
    await newPassword.fill('abcdef');
    // While the member types, the rule is a hint; once they leave the field with it broken, it is told as an error, in
    // words and colour, and the field is marked invalid.
    expect(await hint.textContent()).toBe(RULE);
    expect(await hintColour()).not.toBe(danger);
    expect(await newPassword.getAttribute('aria-invalid')).toBe('false');
    await page.getByLabel(s.newPasswordConfirm, { exact: true }).fill('abcdef');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toBe(journeyTexts.password.broken(RULE));
    expect(await hintColour()).toBe(danger);
    expect(await newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(await change.isDisabled()).toBe(true);

    await page.getByLabel(s.newPassword, { exact: true }).fill('careful1234');
    await page.getByLabel(s.newPasswordConfirm, { exact: true }).fill('careful1234');
    expect(await change.isDisabled()).toBe(false);
    await change.click();
    await page.getByTestId('toast').filter({ hasText: s.passwordChanged }).waitFor();
  });
});
