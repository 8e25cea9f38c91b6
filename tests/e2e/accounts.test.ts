import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_SHEET_PASSWORD_MAX, NICKNAME_MAX, NICKNAME_MIN, PROFILE_LIST_PAGE_SIZE } from '../../domain/limits.js';
import { accountTexts, communityTexts, globalErrorTexts, journeyTexts, legalTexts, messagingTexts, uiTexts, validationTexts } from '../../domain/messages.js';
import { issueToken } from '../../upstream/src/app.js';
import { GOOGLE_CLIENT_ID, appleSigner, issueGoogleToken, startProviders, useProviders } from '../helpers/social-providers.js';
import { offModalEntries, useWebApp } from '../helpers/web-app.js';

/**
 * The account journeys in Chromium (001 §2, 002 §4.3): the login sheet, session in the tabs, the return
 * after login, an expired session, and a profile edit, against the built app, real gateway and upstream.
 */

const DEMO_EMAIL = 'mallang@slime.community';
const DEMO_PASSWORD = 'slime1234';
const sheet = accountTexts.sheet;
/** A 2×3 PNG, byte for byte. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DAwMDAwMAAAA4AAf8Gq8pGAAAAAElFTkSuQmCC', 'base64');

const app = useWebApp();

/** Every provider on (its app configured on the server), as a deployment with social login has it. */
const PROVIDER_IDS = {
  GOOGLE_CLIENT_ID: 'sheet-google-client',
  KAKAO_APP_ID: '1048576',
  KAKAO_JS_KEY: 'sheet-kakao-js-key',
  APPLE_CLIENT_ID: 'community.slime.web',
};
const savedProviderIds = Object.fromEntries(Object.keys(PROVIDER_IDS).map((name) => [name, process.env[name]]));

afterAll(() => {
  for (const [name, value] of Object.entries(savedProviderIds)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

beforeAll(async () => {
  Object.assign(process.env, PROVIDER_IDS);
  // The providers' SDKs are out of reach here; answer their script requests as missing at once.
  await app.browser.route(/^https:\/\/(accounts\.google\.com|t1\.kakaocdn\.net|appleid\.cdn-apple\.com)\//, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
});

afterEach(async () => {
  for (const page of app.browser.pages()) await page.close();
  await app.browser.clearCookies();
});

/** A member writes straight to the upstream (a post or a reply), for a test to meet it in the app. */
async function postAsMember(member: number, path: string, body: object): Promise<{ id: number }> {
  const response = await fetch(`${app.upstream.url}${path}`, {
    method: 'POST',
    headers: { authorization: `token ${await app.upstream.issueToken(member)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

async function open(path: string): Promise<Page> {
  const page = await app.open(path);
  // Every journey starts as a guest.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(app.gateway.url + path);
  return page;
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: uiTexts.appNavigation });
const tab = (page: Page, label: string) => tabBar(page).getByRole('link', { name: label, exact: true });
const loginSheet = (page: Page) => page.getByRole('dialog', { name: sheet.title });

/** What the login sheet showed, state by state as the page drew it: its tabs, the e-mail or phone field, its quick-login buttons. */
interface SheetState {
  tabs: string[];
  identifierField: boolean;
  quickLoginButtons: string[];
}

/** From now on, records every state the open login sheet is drawn in (read them with `sheetStates`); it only watches. */
async function watchSheet(page: Page) {
  await page.evaluate(
    ({ title, identifierLabel }) => {
      const states: SheetState[] = [];
      (window as unknown as { sheetStates: SheetState[] }).sheetStates = states;
      const record = () => {
        const dialog = [...document.querySelectorAll('dialog[open]')].find((element) => element.querySelector('h2')?.textContent === title);
        if (!dialog) return;
        const state: SheetState = {
          tabs: [...dialog.querySelectorAll('[role="tab"]')].map(
            (tab) => `${tab.textContent}${tab.getAttribute('aria-selected') === 'true' ? ' (selected)' : ''}`,
          ),
          identifierField: [...dialog.querySelectorAll('label')].some((label) => label.textContent === identifierLabel),
          quickLoginButtons: [...dialog.querySelectorAll<HTMLButtonElement>('.social-button')].map(
            (button) => `${button.textContent}${button.disabled ? ' (disabled)' : ''}`,
          ),
        };
        if (JSON.stringify(states.at(-1)) !== JSON.stringify(state)) states.push(state);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    { title: sheet.title, identifierLabel: sheet.identifierLabel },
  );
}

/** What has the keyboard's focus: 'body' when it fell to the page's start, else the element's tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return !element || element === document.body ? 'body' : `${element.tagName.toLowerCase()}:${element.textContent}`;
  });

const sheetStates = (page: Page) => page.evaluate(() => (window as unknown as { sheetStates: SheetState[] }).sheetStates);

/** The phone/e-mail tab of a login panel: identifier, Next, password, Login. */
async function logInWithPassword(scope: ReturnType<Page['locator']> | Page, page: Page, email = DEMO_EMAIL) {
  await scope.getByRole('tab', { name: sheet.phoneTab }).click();
  const next = scope.getByRole('button', { name: sheet.next });
  await expect.poll(() => next.isDisabled()).toBe(true);
  await scope.getByLabel(sheet.identifierLabel).fill(email);
  await scope.getByLabel(sheet.identifierLabel).press('Enter');
  const password = scope.getByLabel(sheet.passwordLabel);
  const login = scope.getByRole('button', { name: sheet.submit, exact: true });
  await password.fill('slime');
  await expect.poll(() => login.isDisabled()).toBe(true);
  await password.fill(DEMO_PASSWORD);
  await expect.poll(() => scope.getByText(`${DEMO_PASSWORD.length}/20`).isVisible()).toBe(true);
  await login.click();
  await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
}

describe('login sheet and session', () => {
  test('a guest tapping 프로필 gets the sheet, logs in with a demo member and lands on /my; the tabs follow the session', async () => {
    const page = await open('/community');
    await tab(page, uiTexts.tabs.profile).click();
    const dialog = loginSheet(page);
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/community');
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await expect.poll(() => dialog.getByText(sheet.welcome).isVisible()).toBe(true);
    // Escape closes it; Kakao's button says its SDK could not be loaded (the script answered 404 here).
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await tab(page, uiTexts.tabs.profile).click();
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.startsWith('https://t1.kakaocdn.net/'))))
      .toBe(true);
    await dialog.getByRole('button', { name: sheet.kakao }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.social.kakaoSdkMissing }).waitFor();

    await logInWithPassword(dialog, page);
    await page.waitForURL(`${app.gateway.url}/my`);
    await page.getByRole('heading', { name: /말랑콩떡/ }).waitFor();
    await page.getByRole('tab', { name: accountTexts.profile.tabLabels.BADGES }).click();
    await page.getByText('슬라임 마스터').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Logged in: the write tab navigates instead of opening the sheet.
    await tab(page, uiTexts.tabs.write).click();
    await page.waitForURL(`${app.gateway.url}/community/write`);
    expect(await loginSheet(page).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the sheet leaves the screen as soon as the login succeeds, before the app moves on; 로그인 is not offered again meanwhile', async () => {
    const page = await open('/community');
    await tab(page, uiTexts.tabs.profile).click();
    const dialog = loginSheet(page);
    await dialog.getByRole('tab', { name: sheet.phoneTab }).click();
    await dialog.getByLabel(sheet.identifierLabel).fill(DEMO_EMAIL);
    await dialog.getByLabel(sheet.identifierLabel).press('Enter');
    await dialog.getByLabel(sheet.passwordLabel).fill(DEMO_PASSWORD);
    // After the press (its login request), what the page holds at every step the app takes: each render, each change of
    // address and each request (the member's screen asked for); the wrappers only watch.
    await page.evaluate(
      ({ title, submit }) => {
        const steps: { step: string; sheet: boolean; loginOffered: boolean }[] = [];
        (window as unknown as { steps: typeof steps }).steps = steps;
        const record = (step: string) => {
          const open = [...document.querySelectorAll('dialog[open]')].find((dialog) => dialog.querySelector('h2')?.textContent === title);
          const login = [...(open?.querySelectorAll('button') ?? [])].find((button) => button.textContent === submit && !button.disabled);
          steps.push({ step, sheet: Boolean(open), loginOffered: Boolean(login) });
        };
        for (const name of ['pushState', 'replaceState'] as const) {
          const original = history[name].bind(history);
          history[name] = (...args: Parameters<History['pushState']>) => {
            record(name);
            original(...args);
          };
        }
        const fetchOriginal = window.fetch.bind(window);
        window.fetch = (input, init) => {
          record(`fetch ${typeof init?.body === 'string' ? (JSON.parse(init.body) as { operationName?: string }).operationName : ''}`);
          return fetchOriginal(input, init);
        };
        new MutationObserver(() => record('render')).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      },
      { title: sheet.title, submit: sheet.submit },
    );
    await dialog.getByRole('button', { name: sheet.submit, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
    await page.waitForURL(`${app.gateway.url}/my`);
    await dialog.waitFor({ state: 'detached' });
    const recorded = await page.evaluate(() => (window as unknown as { steps: { step: string; sheet: boolean; loginOffered: boolean }[] }).steps);
    const steps = recorded.slice(recorded.findIndex(({ step }) => step === 'fetch useLoginMutationsPasswordMutation') + 1);
    // The app moved on (its address, the member's screen's query) only once the sheet was gone ...
    const movingOn = steps.filter(({ step }) => /^(pushState|replaceState)$/.test(step) || (step.startsWith('fetch') && !/Login/.test(step)));
    expect(movingOn.map(({ step }) => step)).toContain('pushState');
    expect(movingOn.filter(({ sheet }) => sheet)).toEqual([]);
    // ... and no render in between showed the filled form with 로그인 ready to be pressed again.
    expect(steps.filter(({ loginOffered }) => loginOffered)).toEqual([]);
  });

  test('on /login/sign-in, the form stays in progress after the login while the next screen loads, then that screen shows', async () => {
    // Straight to the sign-in screen: the feed it leads to afterwards has not been loaded on this page yet.
    const page = await app.open('/login');
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`${app.gateway.url}/login/sign-in`);
    const form = page.locator('main, .app-column').first();
    await form.getByRole('tab', { name: sheet.phoneTab }).click();
    await form.getByLabel(sheet.identifierLabel).fill(DEMO_EMAIL);
    await form.getByLabel(sheet.identifierLabel).press('Enter');
    await form.getByLabel(sheet.passwordLabel).fill(DEMO_PASSWORD);
    // The next screen's code is slow to arrive (a slow network), held until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: sheet.submit, exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
    const button = form.locator('.login-panel__submit');
    for (let look = 0; look < 3; look += 1) {
      expect(await form.getByLabel(sheet.passwordLabel).isVisible()).toBe(true);
      expect([await button.textContent(), await button.isDisabled()]).toEqual([sheet.loggingIn, true]);
      await page.waitForTimeout(200);
    }
    release();
    await page.getByTestId('post-card').first().waitFor();
    expect(await page.getByLabel(sheet.passwordLabel).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/community');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a guest logging in from a member-only screen gets that screen as the member, and Back does not show its guest version', async () => {
    const page = await open('/community');
    await page.goto(`${app.gateway.url}/my/settings`);
    await page.getByRole('button', { name: uiTexts.login, exact: true }).click();
    const dialog = loginSheet(page);
    await dialog.waitFor();
    await logInWithPassword(dialog, page);
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/my/settings');
    await expect.poll(() => page.getByText(uiTexts.loginRequired).count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('heading', { name: accountTexts.settings.title }).first().waitFor();
    await page.goBack();
    await page.waitForURL('**/community');
  });

  test('logging in from /my leaves the focus on the screen’s heading, not on <body>', async () => {
    const page = await open('/my');
    await page.getByRole('button', { name: uiTexts.login, exact: true }).click();
    const dialog = loginSheet(page);
    await logInWithPassword(dialog, page);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /말랑콩떡/ }).waitFor();
    await expect.poll(() => focused(page)).toBe(`h1:${accountTexts.profile.myTitle}`);
  });

  test('a guest logging in from a form or list screen gets it as theirs: profile edit filled, wishes, write, inbox, own lists', async () => {
    const page = await open('/community');
    const logInHere = async (path: string) => {
      await page.goto(`${app.gateway.url}${path}`);
      await page.getByRole('button', { name: uiTexts.login, exact: true }).click();
      const dialog = loginSheet(page);
      await dialog.waitFor();
      await logInWithPassword(dialog, page);
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByText(uiTexts.loginRequired).count(), { timeout: 15_000 }).toBe(0);
      expect(new URL(page.url()).pathname).toBe(path);
      // Logged out again for the next screen, through the app's own session.
      return async () => page.evaluate(() => window.localStorage.removeItem('userToken'));
    };

    // The profile form shows the member's own values (it was left blank, and saving it cleared the profile).
    let logOut = await logInHere('/my/profile/edit');
    await expect.poll(() => page.getByLabel(accountTexts.edit.nickname).inputValue()).toBe('말랑콩떡');
    expect(await page.getByLabel(accountTexts.edit.bio).inputValue()).not.toBe('');
    await logOut();
    for (const path of ['/my/wishes', '/community/write', '/community/notice', '/my/posts', '/community/my']) {
      logOut = await logInHere(path);
      await logOut();
    }
  });

  test('staff logging in from a staff screen get its form: the screen reads the viewer again when the session changes', async () => {
    const page = await open('/community');
    await page.goto(`${app.gateway.url}/my/admin/notify`);
    await page.getByRole('button', { name: uiTexts.login, exact: true }).click();
    const dialog = loginSheet(page);
    await dialog.waitFor();
    await logInWithPassword(dialog, page, 'admin@slime.community');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('form', { name: messagingTexts.composeNotification }).waitFor();
    expect(await page.getByText(messagingTexts.staffOnly).count()).toBe(0);
  });

  test('an expired token redirects to /login/sign-in with the login-needed toast, and back after logging in', async () => {
    const page = await open('/community');
    const expired = await issueToken(app.upstream.db, 2, -60_000);
    await page.evaluate((token) => {
      window.localStorage.setItem('userToken', token);
      window.localStorage.setItem('user', JSON.stringify({ id: 'VXNlcjoy', nickname: '말랑콩떡' }));
    }, expired);
    await page.goto(`${app.gateway.url}/my/settings`);
    await page.waitForURL(`${app.gateway.url}/login/sign-in`);
    await page.getByTestId('toast').filter({ hasText: globalErrorTexts.loginNeeded }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();

    await logInWithPassword(page.locator('main, .app-column').first(), page);
    await page.waitForURL(`${app.gateway.url}/my/settings`);
    await page.getByRole('heading', { name: accountTexts.settings.passwordSection }).waitFor();
  });

  test('a session revoked while a form is open: saving gets the typed refusal, which redirects to /login/sign-in and back', async () => {
    const page = await open('/community');
    // Only the save may learn of the revocation here. The live inbox subscribes over its socket after the page's load
    // event, so it may subscribe after the logout below, be refused, and send the member to /login/sign-in before the
    // form is saved (its own refusal path is messaging.test.ts's 'a session ended on another device'): its socket is
    // kept from the gateway.
    await page.routeWebSocket(/\/graphql$/, () => {});
    const token = await app.upstream.issueToken(2);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    await page.goto(`${app.gateway.url}/my/profile/edit`);
    const bio = page.getByLabel(accountTexts.edit.bio);
    await bio.waitFor();
    const revoked = await fetch(`${app.upstream.url}/auth/logout`, { method: 'POST', headers: { authorization: `token ${token}` } });
    expect(revoked.status).toBe(200);
    await bio.fill('저장되지 않을 소개');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/graphql') && response.request().postDataJSON()?.operationName === 'useUpdateProfileMutation',
    );
    await page.getByRole('button', { name: accountTexts.edit.save }).click();
    expect((await (await saved).json()).data.updateProfile.__typename).toBe('NotAuthenticatedError');
    await page.waitForURL(`${app.gateway.url}/login/sign-in`);
    await page.getByTestId('toast').filter({ hasText: globalErrorTexts.loginNeeded }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();

    await logInWithPassword(page.locator('main, .app-column').first(), page);
    await page.waitForURL(`${app.gateway.url}/my/profile/edit`);
    await expect.poll(() => page.getByLabel(accountTexts.edit.bio).inputValue()).not.toBe('저장되지 않을 소개');
  });

  test('a session injected through ?token= (app web view) is used and removed from the address', async () => {
    const page = await open('/community');
    const token = await app.upstream.issueToken(3);
    await page.goto(`${app.gateway.url}/my?token=${token}&deviceId=app-device-1`);
    await page.getByRole('heading', { name: /젤리곰/ }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => window.localStorage.getItem('userDeviceId'))).toBe('app-device-1');
  });
});

test('a website that is not an address is told in Korean under the form, not by the browser’s own tooltip', async () => {
  const page = await app.open('/my/profile/edit', await app.browserFor(13));
  await page.getByLabel(accountTexts.edit.website).fill('not a url');
  await page.getByRole('button', { name: accountTexts.edit.save }).click();
  await page.getByRole('alert').getByText(accountTexts.validation.website).waitFor();
  await page.close();
});

describe('login sheet details (001 §2)', () => {
  test('its tabs work from the keyboard (WAI-ARIA tabs): arrows, Home and End select, only the selected tab is in the Tab order', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
    const dialog = loginSheet(page);
    const quick = dialog.getByRole('tab', { name: sheet.quickTab });
    const phone = dialog.getByRole('tab', { name: sheet.phoneTab });
    await quick.waitFor();
    expect([await quick.getAttribute('tabindex'), await phone.getAttribute('tabindex')]).toEqual(['0', '-1']);
    await quick.focus();
    const selectedAndFocused = async () => [await phone.getAttribute('aria-selected'), await phone.evaluate((tab) => tab === document.activeElement)];
    for (const [key, phoneSelected] of [
      ['ArrowRight', true],
      ['ArrowRight', false],
      ['ArrowLeft', true],
      ['Home', false],
      ['End', true],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(selectedAndFocused).toEqual([String(phoneSelected), phoneSelected]);
    }
    expect([await quick.getAttribute('tabindex'), await phone.getAttribute('tabindex')]).toEqual(['-1', '0']);
    await page.close();
  });

  test('a wrong password marks the password field invalid, described by the refusal, and focus goes back to it', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
    const dialog = loginSheet(page);
    await dialog.getByRole('tab', { name: sheet.phoneTab }).click();
    await dialog.getByLabel(sheet.identifierLabel).fill(DEMO_EMAIL);
    await dialog.getByRole('button', { name: sheet.next }).click();
    const password = dialog.getByLabel(sheet.passwordLabel);
    expect(await password.getAttribute('aria-invalid')).toBeNull();
    await password.fill('wrong1234');
    await dialog.getByRole('button', { name: sheet.submit, exact: true }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: accountTexts.errors.loginFailed });
    await refusal.waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const refusalId = await refusal.getAttribute('id');
    expect(refusalId).toBeTruthy();
    expect(await password.getAttribute('aria-describedby')).toBe(refusalId);
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    // The right one logs in.
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
    await page.close();
  });

  test('title, welcome, close, 80% height, counter out of 20, back clears the password, footer privacy page and copyright', async () => {
    const page = await open('/login');
    await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
    const dialog = loginSheet(page);
    await dialog.getByRole('heading', { name: sheet.title }).waitFor();
    await dialog.getByText(sheet.welcome).waitFor();
    const heights = await dialog.evaluate((element) => ({ max: getComputedStyle(element).maxHeight, viewport: window.innerHeight }));
    expect(parseFloat(heights.max)).toBeCloseTo(heights.viewport * 0.8, 0);

    // Without their SDKs (the scripts answered 404): Apple says its SDK failed and asks for it again on each tap
    // (never 준비 중 forever); Google says it is getting ready, keeps checking, then fails.
    const appleScripts: string[] = [];
    page.on('request', (request) => void (request.url().startsWith('https://appleid.cdn-apple.com/') && appleScripts.push(request.url())));
    for (let tap = 0; tap < 2; tap += 1) {
      await page.locator('script[data-sdk="apple"][data-failed]').waitFor({ state: 'attached' });
      const asked = appleScripts.length;
      await dialog.getByRole('button', { name: sheet.apple }).click();
      await page.getByTestId('toast').filter({ hasText: accountTexts.social.appleSdkFailed }).waitFor();
      await expect.poll(() => appleScripts.length).toBe(asked + 1);
    }
    expect(await page.getByText(accountTexts.social.applePreparing).count()).toBe(0);
    await dialog.getByRole('button', { name: sheet.google }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.social.googleNotReady }).waitFor();
    await page.getByTestId('toast').filter({ hasText: accountTexts.social.googleFailed }).waitFor({ timeout: 15_000 });

    await dialog.getByRole('tab', { name: sheet.phoneTab }).click();
    // 다음 looks disabled while the field is empty (fainter, no pointer), and enabled once there is something to send.
    const nextButton = dialog.getByRole('button', { name: sheet.next });
    const look = () => nextButton.evaluate((element) => ({ opacity: getComputedStyle(element).opacity, cursor: getComputedStyle(element).cursor }));
    await expect.poll(() => nextButton.isDisabled()).toBe(true);
    const disabledLook = await look();
    // Neither an e-mail nor a mobile number: said at the field, before any request, in 001's words.
    app.graphqlOperations.length = 0;
    const identifier = dialog.getByLabel(sheet.identifierLabel);
    await identifier.fill('slime-lover');
    await expect.poll(() => nextButton.isDisabled()).toBe(false);
    const enabledLook = await look();
    expect.soft(Number(disabledLook.opacity)).toBeLessThan(Number(enabledLook.opacity));
    expect.soft(disabledLook.cursor).toBe('not-allowed');
    await dialog.getByRole('button', { name: sheet.next }).click();
    await dialog.getByRole('alert').filter({ hasText: accountTexts.validation.identifierInvalid }).waitFor();
    expect(await identifier.getAttribute('aria-invalid')).toBe('true');
    expect(await identifier.getAttribute('aria-describedby')).toBe(
      await dialog.getByRole('alert').filter({ hasText: accountTexts.validation.identifierInvalid }).getAttribute('id'),
    );
    expect(await dialog.getByText(/데이터 검증 실패/).count()).toBe(0);
    expect(app.graphqlOperations.filter((name) => /Login/i.test(name) && !/Providers/.test(name))).toEqual([]);
    await identifier.fill(DEMO_EMAIL);
    expect(await identifier.getAttribute('aria-invalid')).toBeNull();
    await dialog.getByRole('button', { name: sheet.next }).click();
    const password = dialog.getByLabel(sheet.passwordLabel);
    await dialog.getByText('0/20').waitFor();
    await password.fill('a'.repeat(25));
    expect(await password.inputValue()).toHaveLength(LOGIN_SHEET_PASSWORD_MAX);
    await dialog.getByText('20/20').waitFor();
    // The cut is said at the box (a pasted password that lost its end would be refused with no reason given).
    const cut = dialog.getByRole('alert').filter({ hasText: validationTexts.cutToMax(LOGIN_SHEET_PASSWORD_MAX) });
    await cut.waitFor();
    expect(await password.getAttribute('aria-describedby')).toContain(await cut.getAttribute('id'));
    // The count is shown, not announced: a live region would read the password's length out at every key.
    expect(await dialog.getByText('20/20').evaluate((counter) => counter.closest('[aria-live]'))).toBeNull();
    await password.press('Backspace');
    await cut.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: sheet.show }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: sheet.back }).click();
    await expect.poll(() => dialog.getByLabel(sheet.identifierLabel).inputValue()).toBe(DEMO_EMAIL);
    await dialog.getByRole('button', { name: sheet.next }).click();
    await expect.poll(() => dialog.getByLabel(sheet.passwordLabel).inputValue()).toBe('');
    await dialog.getByText('0/20').waitFor();

    await dialog.getByText(sheet.copyright).waitFor();
    const privacy = dialog.getByRole('link', { name: legalTexts.privacy });
    expect(await privacy.getAttribute('target')).toBe('_blank');
    const [policy] = await Promise.all([app.browser.waitForEvent('page'), privacy.click()]);
    app.watch(policy);
    await policy.getByRole('heading', { name: accountTexts.privacyPage.title }).first().waitFor();
    await policy.getByText(accountTexts.privacyPage.sections[0][1]).waitFor();

    await dialog.getByRole('button', { name: uiTexts.close }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).not.toBe('hidden');
  });

  test('Google: tapped before its SDK arrives, the sheet says so and keeps checking; when the SDK loads the login completes on /community', async () => {
    const tokenInfo = createServer((request, response) => {
      const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('access_token');
      response.setHeader('content-type', 'application/json');
      if (token !== 'google-sheet-token') {
        response.statusCode = 400;
        return response.end(JSON.stringify({ error: 'invalid_token' }));
      }
      response.end(
        JSON.stringify({
          sub: 'sheet-1',
          aud: 'sheet-google-client',
          email: 'sheet-google@example.com',
          email_verified: 'true',
          name: '구글손님',
          exp: String(Math.floor(Date.now() / 1000) + 3600),
        }),
      );
    });
    await new Promise<void>((resolve) => tokenInfo.listen(0, '127.0.0.1', resolve));
    const saved = { url: process.env.GOOGLE_TOKENINFO_URL, client: process.env.GOOGLE_CLIENT_ID };
    process.env.GOOGLE_TOKENINFO_URL = `http://127.0.0.1:${(tokenInfo.address() as AddressInfo).port}/tokeninfo`;
    process.env.GOOGLE_CLIENT_ID = 'sheet-google-client';
    try {
      const page = app.watch(await app.browser.newPage());
      // The SDK script is held back until the button has been tapped.
      let releaseSdk!: () => void;
      const sdkHeld = new Promise<void>((resolve) => (releaseSdk = resolve));
      // Kakao's script stays in flight throughout: its button says it is still preparing.
      await page.route(/^https:\/\/t1\.kakaocdn\.net\//, () => undefined);
      await page.route('https://accounts.google.com/gsi/client', async (route) => {
        await sdkHeld;
        await route.fulfill({
          contentType: 'text/javascript',
          body: 'window.google = { accounts: { oauth2: { initTokenClient: (config) => ({ requestAccessToken: () => config.callback({ access_token: "google-sheet-token" }) }) } } };',
        });
      });
      await page.goto(app.gateway.url + '/login');
      await page.evaluate(() => window.localStorage.clear());
      await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
      await loginSheet(page).getByRole('button', { name: sheet.kakao }).click();
      await page.getByTestId('toast').filter({ hasText: accountTexts.social.kakaoPreparing }).waitFor();
      await loginSheet(page).getByRole('button', { name: sheet.google }).click();
      await page.getByTestId('toast').filter({ hasText: accountTexts.social.googleNotReady }).waitFor();
      releaseSdk();
      await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
      await page.waitForURL(`${app.gateway.url}/community`);
      await loginSheet(page).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null')?.nickname)).toBe('구글손님');
    } finally {
      process.env.GOOGLE_TOKENINFO_URL = saved.url ?? '';
      if (saved.url === undefined) delete process.env.GOOGLE_TOKENINFO_URL;
      if (saved.client === undefined) delete process.env.GOOGLE_CLIENT_ID;
      else process.env.GOOGLE_CLIENT_ID = saved.client;
      await new Promise((resolve) => tokenInfo.close(resolve));
    }
  });
});

describe('providers that are off', () => {
  test('with no quick login on (as `npm start` has it), no quick-login tab is ever drawn: the e-mail or phone login alone, from the first frame', async () => {
    for (const name of Object.keys(PROVIDER_IDS)) delete process.env[name];
    try {
      const page = await open('/login');
      await watchSheet(page);
      await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
      const dialog = loginSheet(page);
      await dialog.getByLabel(sheet.identifierLabel).waitFor();
      // Its first second, state by state: one and the same, with no tab at all (there is nothing to switch to).
      await page.waitForTimeout(1000);
      expect(await sheetStates(page)).toEqual([{ tabs: [], identifierField: true, quickLoginButtons: [] }]);
      // The sheet opens ready to type the e-mail or phone number (not on its 닫기 button).
      await expect.poll(() => dialog.getByLabel(sheet.identifierLabel).evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Opened again, and on /login/sign-in: the same.
      await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
      await dialog.getByLabel(sheet.identifierLabel).waitFor();
      expect(await dialog.getByRole('tab').count()).toBe(0);
      await expect.poll(() => dialog.getByLabel(sheet.identifierLabel).evaluate((input) => input === document.activeElement)).toBe(true);
      await page.goto(`${app.gateway.url}/login/sign-in`);
      await page.getByLabel(sheet.identifierLabel).waitFor();
      expect(await page.getByRole('tab').count()).toBe(0);
      expect(await page.getByRole('button', { name: sheet.google }).count()).toBe(0);
    } finally {
      Object.assign(process.env, PROVIDER_IDS);
    }
  });

  test('with one provider on, the sheet opens on quick login, complete from the first frame; the others say 준비 중 and their SDKs are not loaded; it logs in', async () => {
    const providers = await startProviders();
    delete process.env.KAKAO_APP_ID;
    delete process.env.APPLE_CLIENT_ID;
    Object.assign(process.env, { GOOGLE_CLIENT_ID, GOOGLE_TOKENINFO_URL: `${providers.url}/google/tokeninfo` });
    try {
      // As a guest (a member opening /login is sent on).
      const page = await open('/login');
      const scripts: string[] = [];
      page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
      // Google's SDK, answered by a stand-in that hands over a token the stand-in tokeninfo knows.
      const accessToken = issueGoogleToken(providers, 'google-one-provider', {
        sub: 'one-provider-1',
        email: 'one-provider@example.com',
        email_verified: 'true',
        name: '구글하나',
      });
      await page.route('https://accounts.google.com/gsi/client', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.google = { accounts: { oauth2: { initTokenClient: (config) => ({ requestAccessToken: () => config.callback({ access_token: ${JSON.stringify(accessToken)} }) }) } } };`,
        }),
      );
      await watchSheet(page);
      await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
      const dialog = loginSheet(page);
      const google = dialog.getByRole('button', { name: sheet.google });
      await google.waitFor();
      // Its first second, state by state: drawn once, with Google ready at once (never a disabled row while a list loads).
      await page.waitForTimeout(1000);
      expect(await sheetStates(page)).toEqual([
        {
          tabs: [`${sheet.quickTab} (selected)`, sheet.phoneTab],
          identifierField: false,
          quickLoginButtons: [sheet.google, `${sheet.kakao} (disabled)`, `${sheet.apple} (disabled)`],
        },
      ]);
      for (const [name, note] of [
        [sheet.kakao, accountTexts.social.providerOff.kakao],
        [sheet.apple, accountTexts.social.providerOff.apple],
      ]) {
        const button = dialog.getByRole('button', { name });
        expect(await button.isDisabled()).toBe(true);
        await dialog.getByText(note).waitFor();
        expect(await button.getAttribute('aria-describedby')).toBe(await dialog.getByText(note).getAttribute('id'));
      }
      await expect.poll(() => scripts.some((url) => url.startsWith('https://accounts.google.com/'))).toBe(true);
      expect(scripts.filter((url) => url.startsWith('https://t1.kakaocdn.net/') || url.startsWith('https://appleid.cdn-apple.com/'))).toEqual([]);

      await expect.poll(() => page.evaluate(() => 'google' in window)).toBe(true);
      await google.click();
      await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
      await page.waitForURL(`${app.gateway.url}/community`);
      expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null')?.nickname)).toBe('구글하나');
    } finally {
      delete process.env.GOOGLE_TOKENINFO_URL;
      Object.assign(process.env, PROVIDER_IDS);
      await providers.close();
    }
  });
});

describe('Kakao and Apple through the sheet', () => {
  test('each provider’s SDK hands over its token; the gateway checks it with the provider and the member is logged in', async () => {
    const providers = await startProviders();
    const { sign } = await appleSigner(providers);
    const restoreEnvironment = useProviders(providers);
    try {
      providers.kakaoTokens.set('kakao-sheet', {
        id: 77001,
        kakao_account: { email: 'sheet-kakao@kakao.com', is_email_verified: true, profile: { nickname: '카카오손님' } },
      });
      const appleIdToken = await sign({ sub: 'apple-sheet-1', email: 'sheet-apple@privaterelay.appleid.com', email_verified: 'true' });
      const sdkScripts: [RegExp, string][] = [
        [
          /^https:\/\/t1\.kakaocdn\.net\//,
          'window.Kakao = { isInitialized: () => true, init() {}, Auth: { login(options) { options.success({ access_token: "kakao-sheet" }); } } };',
        ],
        [
          /^https:\/\/appleid\.cdn-apple\.com\//,
          `window.AppleID = { auth: { init() {}, signIn: async () => ({ authorization: { id_token: ${JSON.stringify(appleIdToken)} } }) } };`,
        ],
      ];
      // Apple shares no name: the member is named after the identity's digits.
      for (const [button, nickname] of [
        [sheet.kakao, '카카오손님'],
        [sheet.apple, '슬라임0001'],
      ] as const) {
        const page = app.watch(await app.browser.newPage());
        for (const [pattern, body] of sdkScripts) await page.route(pattern, (route) => route.fulfill({ contentType: 'text/javascript', body }));
        // A guest's /login (a member who opens it is sent on to /my): the storage is cleared on another page first.
        await page.goto(app.gateway.url + '/privacy');
        await page.evaluate(() => window.localStorage.clear());
        await page.goto(app.gateway.url + '/login');
        await page.getByRole('button', { name: accountTexts.pages.openSheet }).click();
        const dialog = loginSheet(page);
        // The SDK is in once its script has run.
        await expect.poll(() => page.evaluate((name) => name in window, button === sheet.kakao ? 'Kakao' : 'AppleID')).toBe(true);
        await dialog.getByRole('button', { name: button }).click();
        await page.getByTestId('toast').filter({ hasText: sheet.success }).waitFor();
        await page.waitForURL(`${app.gateway.url}/community`);
        const stored = await page.evaluate(() => ({
          token: window.localStorage.getItem('userToken'),
          user: JSON.parse(window.localStorage.getItem('user') ?? 'null'),
        }));
        expect(stored.token).toMatch(/^[0-9a-f]{64}$/);
        expect(stored.user.nickname).toBe(nickname);
        await page.close();
      }
    } finally {
      restoreEnvironment();
      await providers.close();
    }
  });
});

describe('profile', () => {
  test('editing the nickname shows it on the member’s posts', async () => {
    const page = await open('/community');
    const token = await app.upstream.issueToken(5);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    await page.goto(`${app.gateway.url}/my/profile/edit`);
    const nickname = page.getByLabel(accountTexts.edit.nickname);
    await expect.poll(() => nickname.inputValue()).toBe('슬라임장인');
    // Too short: the rule's words under the field, not a silently disabled button.
    const save = page.getByRole('button', { name: accountTexts.edit.save });
    await nickname.fill('가');
    await page
      .getByRole('alert')
      .filter({ hasText: accountTexts.validation.nickname(NICKNAME_MIN, NICKNAME_MAX) })
      .waitFor();
    expect(await nickname.getAttribute('aria-invalid')).toBe('true');
    expect(await save.isDisabled()).toBe(true);
    // Another member's nickname is refused by the server; changing the field takes the refusal away.
    await nickname.fill('젤리곰');
    await save.click();
    const taken = page.getByRole('alert').filter({ hasText: accountTexts.errors.nicknameTaken });
    await taken.waitFor();
    await nickname.fill('젤리곰두번째');
    await taken.waitFor({ state: 'detached' });
    // Emoji joined into one picture are a nickname's own characters.
    await nickname.fill('👨\u200D👩\u200D👧가족');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    expect(await save.isDisabled()).toBe(false);
    await nickname.fill('장인슬라임');
    await page.getByLabel(accountTexts.edit.bio).fill('슬라임을 빚습니다');
    await page.getByRole('button', { name: accountTexts.edit.save }).click();
    await page.waitForURL(`${app.gateway.url}/my`);
    await page.getByRole('heading', { name: /장인슬라임/ }).waitFor();
    await page.getByText('슬라임을 빚습니다').waitFor();
    const authors = page.getByTestId('post-card').locator('.post-card__author');
    await authors.first().waitFor();
    expect(new Set(await authors.allTextContents())).toEqual(new Set(['장인슬라임']));
    // The community feed shows the new name too.
    await page.goto(`${app.gateway.url}/community`);
    await page.getByTestId('post-card').first().waitFor();
    expect(await page.getByText('슬라임장인', { exact: true }).count()).toBe(0);
  });

  test('changing the picture previews it, stores it and shows it on the member’s posts; removing it asks first, then brings the placeholder back', async () => {
    const page = await open('/community');
    const token = await app.upstream.issueToken(2);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    await page.goto(`${app.gateway.url}/my/profile/edit`);
    await page.getByRole('button', { name: accountTexts.edit.photo }).waitFor();

    // A text file is refused before any upload.
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByRole('alert').filter({ hasText: communityTexts.upload.notImage }).waitFor();

    // Named and typed like a picture but not one: the gateway refuses it and the preview rolls back.
    const pictureSource = () => page.locator('.photo-picker__image').getAttribute('src');
    const before = await pictureSource();
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture either') });
    await page.getByRole('alert').filter({ hasText: communityTexts.upload.notImage }).waitFor();
    await expect.poll(pictureSource).toBe(before);

    // While the upload is in flight the picked file already shows.
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/graphql', async (route) => {
      if ((route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data')) await uploadHeld;
      await route.continue();
    });
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const photo = page.getByTestId('profile-photo');
    await expect.poll(() => photo.getAttribute('src')).toMatch(/^blob:/);
    releaseUpload();
    await page.getByTestId('toast').filter({ hasText: accountTexts.edit.photoChanged }).waitFor();
    await expect.poll(() => photo.getAttribute('src')).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.png$/);
    const stored = (await photo.getAttribute('src'))!;

    // The member's own posts on /my carry the new picture.
    await page.goto(`${app.gateway.url}/my`);
    const ownCards = page.getByTestId('post-card');
    await ownCards.first().waitFor();
    const sources = await ownCards.locator('img.avatar').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set([stored]));

    await page.goto(`${app.gateway.url}/my/profile/edit`);
    // Removing asks first: cancelling keeps the picture.
    const confirmation = page.getByRole('alertdialog');
    await page.getByRole('button', { name: accountTexts.edit.removePhoto }).click();
    await confirmation.getByText(communityTexts.confirm.profilePhoto.message).waitFor();
    await confirmation.getByRole('button', { name: uiTexts.cancel }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect(await photo.getAttribute('src')).toBe(stored);
    await page.getByRole('button', { name: accountTexts.edit.removePhoto }).click();
    await confirmation.getByRole('button', { name: communityTexts.confirm.profilePhoto.action }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.edit.photoRemoved }).waitFor();
    await page.getByTestId('profile-photo-empty').waitFor();
    await offModalEntries(page);
    await page.goto(`${app.gateway.url}/my`);
    await ownCards.first().waitFor();
    expect(await ownCards.locator('img.avatar').count()).toBe(0);
  });
});

describe('profile area', () => {
  /** 복숭아빛, demo member 12: 7 posts and 14 comments in the demo data. */
  const MEMBER = 12;

  async function asMember(path: string) {
    const page = await open('/community');
    const token = await app.upstream.issueToken(MEMBER);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    await page.goto(app.gateway.url + path);
    return { page, token };
  }
  const rest = (method: string, path: string, token: string, body?: unknown) =>
    fetch(app.upstream.url + path, {
      method,
      headers: { authorization: `token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  test('/my pages the posts and comments tabs; /my/profile is the full profile with badges, stats and activities', async () => {
    const token = await app.upstream.issueToken(MEMBER);
    for (let index = 1; index <= 4; index += 1)
      expect((await rest('POST', '/v1/community/', token, { title: `페이지 글 ${index}`, content: '더 보기로 이어집니다' })).status).toBe(201);
    const { page } = await asMember('/my');
    const more = page.getByRole('button', { name: accountTexts.profile.more });
    const cards = page.getByTestId('post-card');
    await expect.poll(() => cards.count()).toBe(PROFILE_LIST_PAGE_SIZE);
    // The follower and following counts are links named with what they count (they were named "3" and "2").
    for (const label of [accountTexts.profile.followers, accountTexts.profile.following])
      expect(await page.getByRole('link', { name: new RegExp(`^${label} \\d+$`) }).count()).toBe(1);
    await more.click();
    await expect.poll(() => cards.count()).toBe(11);
    await expect.poll(() => more.count()).toBe(0);

    await page.getByRole('tab', { name: accountTexts.profile.tabLabels.COMMENTS }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('1');
    const comments = page.getByTestId('profile-comment');
    await expect.poll(() => comments.count()).toBe(PROFILE_LIST_PAGE_SIZE);
    const totals = await fetch(`${app.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `token ${token}` },
      body: JSON.stringify({ query: '{ viewer { replies(first: 1) { totalCount } } }' }),
    }).then((response) => response.json());
    const commentTotal: number = totals.data.viewer.replies.totalCount;
    expect(commentTotal).toBeGreaterThan(PROFILE_LIST_PAGE_SIZE);
    await more.click();
    await expect.poll(() => comments.count()).toBe(commentTotal);
    await expect.poll(() => more.count()).toBe(0);
    await page.getByRole('tab', { name: accountTexts.profile.tabLabels.BADGES }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('2');

    await page.getByRole('link', { name: accountTexts.profile.profileInfo }).click();
    await page.waitForURL(`${app.gateway.url}/my/profile`);
    const detail = page.getByTestId('profile-detail');
    await detail.getByRole('heading', { name: /복숭아빛/ }).waitFor();
    await detail.getByRole('heading', { name: accountTexts.detail.activitiesSection }).waitFor();
    await expect.poll(() => detail.getByText(/@slime\.community$/).count()).toBe(1);
    // No POSTS/COMMENTS/BADGES tabs here: this is the detail, not the hub.
    expect(await page.getByRole('tab').count()).toBe(0);
    const activities = page.getByTestId('activity');
    await expect.poll(() => activities.count()).toBe(PROFILE_LIST_PAGE_SIZE);
    await expect.poll(() => page.getByText(accountTexts.detail.activity.post('페이지 글 4')).count()).toBe(1);
    await more.click();
    await expect.poll(() => activities.count()).toBe(2 * PROFILE_LIST_PAGE_SIZE);
    // An activity leads to what it was about (its `target`): here the post written.
    await page.getByRole('link', { name: accountTexts.detail.activity.post('페이지 글 4') }).click();
    await page.waitForURL(/\/community\/detail\?id=/);
    await page.getByText('더 보기로 이어집니다').first().waitFor();
  });

  test('member search leads to a profile to follow; the blocked list pages and unblocks', async () => {
    const { page, token } = await asMember('/my/profile');
    await page.getByRole('link', { name: accountTexts.profile.findMembers }).click();
    await page.waitForURL(`${app.gateway.url}/users/search`);
    await page.getByRole('searchbox', { name: accountTexts.search.label }).fill('슬라임');
    await page.getByRole('button', { name: accountTexts.search.submit }).click();
    await page.waitForURL(/\/users\/search\?q=/);
    const results = page.getByTestId('member-result');
    const names = results.locator('.member-list__nickname');
    await expect.poll(() => names.allTextContents()).toEqual(expect.arrayContaining(['바다슬라임', '운영자슬라임']));
    for (const name of await names.allTextContents()) expect(name).toContain('슬라임');
    await results.filter({ hasText: '바다슬라임' }).click();
    await page.getByRole('heading', { name: accountTexts.profile.title('바다슬라임') }).waitFor();
    const followers = page.locator('[data-stat="followers"]');
    const before = Number(await followers.textContent());
    await page.getByRole('button', { name: accountTexts.profile.follow, exact: true }).click();
    await page.getByRole('button', { name: accountTexts.profile.unfollow, exact: true }).waitFor();
    await expect.poll(async () => Number(await followers.textContent())).toBe(before + 1);
    // The count opens the follower list, the newest first: the member who just followed.
    await followers.getByRole('link').click();
    await page.waitForURL(/\/users\/[^/]+\/followers$/);
    const followerRows = page.getByTestId('follow-member');
    await expect.poll(() => followerRows.count()).toBe(Math.min(before + 1, PROFILE_LIST_PAGE_SIZE));
    expect(await followerRows.first().textContent()).toBe('복숭아빛');

    for (let id = 1; id <= 11; id += 1) expect((await rest('POST', `/users/${id}/block`, token, { reason: `차단 ${id}` })).status).toBe(201);
    await page.goto(`${app.gateway.url}/my/settings`);
    const blocked = page.getByTestId('blocked-member');
    await expect.poll(() => blocked.count()).toBe(PROFILE_LIST_PAGE_SIZE);
    await page.getByRole('button', { name: accountTexts.profile.more }).click();
    await expect.poll(() => blocked.count()).toBe(11);
    const first = blocked.first();
    const firstName = (await first.locator('a').textContent())!;
    // Each 차단 해제 button names its member.
    await first.getByRole('button', { name: accountTexts.settings.unblockMember(firstName), exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.settings.unblocked }).waitFor();
    await expect.poll(() => blocked.count()).toBe(10);
    expect(await blocked.filter({ hasText: firstName }).count()).toBe(0);
    // The keyboard goes on from the next member in the list (it fell to <body> with the removed row).
    const nextName = (await blocked.first().locator('a').textContent())!;
    await expect.poll(() => focused(page)).toBe(`a:${nextName}`);

    // A blocked member's own page says so, keeps their activity out of sight and offers only to unblock them.
    await blocked.first().locator('a').click();
    await page.waitForURL(/\/users\/[^/]+$/);
    // The settings list stays on screen while the profile's data loads (a transition): wait for it to leave.
    await expect.poll(() => blocked.count()).toBe(0);
    await page.getByRole('status').filter({ hasText: accountTexts.profile.blocked }).waitFor();
    expect(await page.locator('.profile__actions button, .profile__actions a').allTextContents()).toEqual([accountTexts.profile.unblock]);
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.locator('[data-stat="followers"]').count()).toBe(0);
    await page.getByRole('button', { name: accountTexts.profile.unblock }).click();
    await page.getByRole('button', { name: accountTexts.profile.block }).waitFor();
    await page.getByRole('button', { name: accountTexts.profile.follow, exact: true }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(accountTexts.profile.tabs.length);
    const remaining = await (await rest('GET', '/users/me/blocked', token)).json();
    expect(remaining.count).toBe(9);
  });
});

describe('blocking from a profile', () => {
  /** Demo member 11 blocks demo member 5 from 5's profile (12 has blocked 1-11 above), and a member number nobody has is a way home. */
  test('차단하기 asks in the app’s dialog: 취소 keeps the member, 차단 blocks them; an unknown member offers the way home', async () => {
    const page = await open('/community');
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), await app.upstream.issueToken(11));
    await page.goto(`${app.gateway.url}/users/5`);
    // Following them first: the block ends the follow, as the dialog says.
    await page.getByRole('button', { name: accountTexts.profile.follow, exact: true }).click();
    await page.getByRole('button', { name: accountTexts.profile.unfollow, exact: true }).waitFor();
    const ask = page.getByRole('alertdialog', { name: communityTexts.confirm.block.message });
    await page.getByRole('button', { name: accountTexts.profile.block }).click();
    await ask.getByText(communityTexts.confirm.block.detail).waitFor();
    await ask.getByRole('button', { name: uiTexts.cancel }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: accountTexts.profile.block }).click();
    await ask.getByRole('button', { name: communityTexts.confirm.block.action }).click();
    await page.getByRole('status').filter({ hasText: accountTexts.profile.blocked }).waitFor();
    // Focus is on the button that replaced the pressed one, each way (it fell to <body>).
    await expect.poll(() => focused(page)).toBe(`button:${accountTexts.profile.unblock}`);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: accountTexts.profile.block }).waitFor();
    await expect.poll(() => focused(page)).toBe(`button:${accountTexts.profile.block}`);
    // Unblocked, the profile shows the follow gone (it said 팔로잉 until a reload).
    expect(await page.locator('.profile__actions button').first().textContent()).toBe(accountTexts.profile.follow);

    await page.goto(`${app.gateway.url}/users/999999`);
    await page.getByRole('link', { name: uiTexts.goHome }).click();
    await page.waitForURL(/\/community$/);
  });

  /** Demo member 13 reads a post of 14's with a reply of 15's, then blocks 15 from 15's profile (none of them blocked above). */
  test('a member blocked from their profile leaves at once the post just read (Back) and the feed (홈), and unblocked comes back to both, without a reload', async () => {
    const page = await open('/community');
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), await app.upstream.issueToken(13));
    await postAsMember(15, '/v1/community/', { title: '차단될 회원의 새 글', content: '피드에서 사라질 글' });
    const post = await postAsMember(14, '/v1/community/', { title: '차단될 회원이 댓글 단 글', content: '댓글이 사라질 글' });
    await postAsMember(15, `/v1/community/${post.id}/reply/`, { content: '차단될 회원의 댓글' });
    await page.goto(`${app.gateway.url}/community`);
    await page.getByTestId('post-card').filter({ hasText: '차단될 회원의 새 글' }).waitFor();
    await page.goto(`${app.gateway.url}/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${post.id}`).toString('base64'))}`);
    const reply = page.getByTestId('reply').filter({ hasText: '차단될 회원의 댓글' });
    await reply.locator('.reply__author').click();
    await page.waitForURL(/\/users\//);
    await page.getByRole('button', { name: accountTexts.profile.block }).click();
    await page
      .getByRole('alertdialog', { name: communityTexts.confirm.block.message })
      .getByRole('button', { name: communityTexts.confirm.block.action })
      .click();
    await page.getByRole('status').filter({ hasText: accountTexts.profile.blocked }).waitFor();

    const homeTab = page.getByRole('link', { name: uiTexts.tabs.home });
    const theirPost = page.getByTestId('post-card').filter({ hasText: '차단될 회원의 새 글' });
    await homeTab.click();
    await page.waitForURL(/\/community$/);
    await page.getByTestId('post-card').first().waitFor();
    await expect.poll(() => theirPost.count()).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/users\//);
    await page.goBack();
    await page.getByText('댓글이 사라질 글').waitFor();
    await expect.poll(() => reply.count()).toBe(0);

    // Unblocked from their profile again, they come back to both at once.
    await page.goForward();
    await page.getByRole('button', { name: accountTexts.profile.unblock }).click();
    await page.getByRole('button', { name: accountTexts.profile.block }).waitFor();
    await page.goBack();
    await reply.waitFor();
    await homeTab.click();
    await page.waitForURL(/\/community$/);
    await theirPost.waitFor();
  });

  /** 젤리곰, demo member 3, has posts; 복숭아빛 (12) blocks and unblocks them. */
  test('unblocking shows the member’s posts again at once, listed without bullets', async () => {
    const page = await open('/community');
    const token = await app.upstream.issueToken(12);
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    // A post of a member 복숭아빛 has not blocked (12 has blocked 1-11 above), whose only reply is 젤리곰's.
    const post = await postAsMember(14, '/v1/community/', { title: '젤리곰만 답한 글', content: '댓글은 하나' });
    await postAsMember(3, `/v1/community/${post.id}/reply/`, { content: '젤리곰의 댓글' });
    const blocked = await fetch(`${app.upstream.url}/users/3/block`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: '테스트' }),
    });
    expect(blocked.status).toBe(201);
    // Its count says one reply, which 복숭아빛 does not see: the screen says why, not 첫 댓글을 남겨주세요.
    await page.goto(`${app.gateway.url}/community/detail?id=${encodeURIComponent(Buffer.from(`Post:${post.id}`).toString('base64'))}`);
    await page.getByText(communityTexts.reply.hiddenOnly).waitFor();
    expect(await page.getByTestId('reply-count').textContent()).toBe('1');
    expect(await page.getByText(communityTexts.reply.empty).count()).toBe(0);
    await page.goto(`${app.gateway.url}/users/3`);
    await page.getByRole('status').filter({ hasText: accountTexts.profile.blocked }).waitFor();
    await page.getByRole('button', { name: accountTexts.profile.unblock }).click();
    const cards = page.getByTestId('post-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const list = page.locator('ul', { has: cards.first() });
    expect(await list.evaluate((element) => getComputedStyle(element).listStyleType)).toBe('none');
  });
});

describe('a profile and the posts it lists', () => {
  test('liking a member’s post from their profile moves their 좋아요 on the profile, back and forth, without a reload', async () => {
    const page = await open('/community');
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), await app.upstream.issueToken(10));
    await page.goto(`${app.gateway.url}/users/3`);
    const likes = page.locator('dd[data-stat="likes"]');
    const before = Number(await likes.textContent());
    await page.getByTestId('post-card').first().click();
    const like = page.getByRole('button', { name: new RegExp(`^${communityTexts.post.like} \\d+$`) }).first();
    const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(String(!wasLiked));
    await page.goBack();
    await expect.poll(async () => Number(await likes.textContent())).toBe(before + (wasLiked ? -1 : 1));
    // The store and the service agree: a reload reads the same figure.
    await page.reload();
    await expect.poll(async () => Number(await likes.textContent())).toBe(before + (wasLiked ? -1 : 1));
  });
});

describe('settings', () => {
  const s = accountTexts.settings;
  async function registered(email: string, nickname: string) {
    const answer = await fetch(`${app.upstream.url}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'first1234', passwordConfirm: 'first1234', nickname, agreeTerms: true, agreePrivacy: true }),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { token: string }).token;
  }
  const passwordLogin = (email: string, password: string) =>
    fetch(`${app.upstream.url}/v1/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((answer) => answer.status);

  test('preferences stay chosen; the password changes with the current one; the account is deleted with the password', async () => {
    const email = 'settings-e2e@example.com';
    const page = await open('/community');
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), await registered(email, '설정회원'));
    await page.goto(`${app.gateway.url}/my/settings`);

    await page.getByLabel(s.privacy).selectOption('private');
    await page.getByTestId('toast').filter({ hasText: s.saved }).first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel(s.privacy).inputValue()).toBe('private');
    // Notifications are set in one place, the 알림 설정 screen, not by a second set of switches here that could
    // disagree with it.
    const notificationSettings = page.locator('.settings-section').filter({ has: page.getByRole('heading', { name: s.notificationsSection }) });
    expect(await notificationSettings.getByRole('checkbox').count()).toBe(0);
    await notificationSettings.getByRole('link', { name: s.notificationSettingsLink }).click();
    await page.waitForURL(/\/my\/notifications$/);
    await page.getByLabel(messagingTexts.quietHoursFrom, { exact: true }).waitFor();
    await page.goBack();
    await page.getByLabel(s.privacy).waitFor();

    // The same password again is no change: said under the new password, and the button waits.
    await page.getByLabel(s.currentPassword, { exact: true }).fill('first1234');
    await page.getByLabel(s.newPassword, { exact: true }).fill('first1234');
    await page.getByLabel(s.newPasswordConfirm, { exact: true }).fill('first1234');
    await page.getByText(accountTexts.validation.newPasswordUnchanged).waitFor();
    expect(await page.getByRole('button', { name: s.changePassword }).isDisabled()).toBe(true);
    // Only the refusal shows (not also "usable"), tied to the field, which is marked invalid.
    expect(await page.getByText(journeyTexts.password.ok).count()).toBe(0);
    const newPassword = page.getByLabel(s.newPassword, { exact: true });
    expect(await newPassword.getAttribute('aria-invalid')).toBe('true');
    const refusalId = await page.getByText(accountTexts.validation.newPasswordUnchanged).getAttribute('id');
    expect(refusalId).toBeTruthy();
    expect((await newPassword.getAttribute('aria-describedby'))?.split(' ')).toContain(refusalId);

    await page.getByLabel(s.currentPassword, { exact: true }).fill('wrong1234');
    await page.getByLabel(s.newPassword, { exact: true }).fill('second1234');
    await page.getByLabel(s.newPasswordConfirm, { exact: true }).fill('second1234');
    await page.getByRole('button', { name: s.changePassword }).click();
    await page.getByTestId('toast').filter({ hasText: accountTexts.errors.currentPasswordWrong }).waitFor();
    await page.getByLabel(s.currentPassword, { exact: true }).fill('first1234');
    await page.getByRole('button', { name: s.changePassword }).click();
    await page.getByTestId('toast').filter({ hasText: s.passwordChanged }).waitFor();
    // The emptied form's button is disabled again: focus is on the section's heading, not <body>.
    await expect.poll(() => focused(page)).toBe(`h2:${s.passwordSection}`);
    expect(await passwordLogin(email, 'second1234')).toBe(200);
    expect(await passwordLogin(email, 'first1234')).toBe(400);

    // Withdrawal asks in the app's own dialog (no browser confirm); cancelling keeps the account.
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByLabel(s.deletePassword, { exact: true }).fill('second1234');
    const confirmation = page.getByRole('alertdialog');
    await page.getByRole('button', { name: s.deleteAccount }).click();
    await confirmation.getByText(communityTexts.confirm.withdraw.message).waitFor();
    await confirmation.getByRole('button', { name: uiTexts.cancel }).click();
    await confirmation.waitFor({ state: 'detached' });
    expect(await passwordLogin(email, 'second1234')).toBe(200);
    await page.getByRole('button', { name: s.deleteAccount }).click();
    await confirmation.getByRole('button', { name: communityTexts.confirm.withdraw.action }).click();
    await page.getByTestId('toast').filter({ hasText: s.deleted }).waitFor();
    expect(browserDialogs).toEqual([]);
    await page.waitForURL(`${app.gateway.url}/community`);
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();
    expect(await passwordLogin(email, 'second1234')).toBe(400);
  });

  test('logout ends the session here and at the upstream', async () => {
    const token = await registered('logout-e2e@example.com', '로그아웃회원');
    const page = await open('/community');
    await page.evaluate((value) => window.localStorage.setItem('userToken', value), token);
    await page.goto(`${app.gateway.url}/my/settings`);
    await page.getByRole('button', { name: s.logout }).click();
    await page.getByTestId('toast').filter({ hasText: s.loggedOut }).waitFor();
    await page.waitForURL(`${app.gateway.url}/community`);
    // Focus is on the next screen's heading, not on <body>.
    await expect.poll(() => focused(page)).toBe(`h1:${uiTexts.community}`);
    expect(await page.evaluate(() => window.localStorage.getItem('userToken'))).toBeNull();
    const me = await fetch(`${app.upstream.url}/users/me`, { headers: { authorization: `token ${token}` } });
    expect(me.status).toBe(401);
    // The profile tab asks to log in again.
    await tab(page, uiTexts.tabs.profile).click();
    await loginSheet(page).waitFor();
  });
});
