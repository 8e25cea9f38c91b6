import { useSyncExternalStore } from 'react';
import { DEVICE_ID_WEB } from '@domain/limits.js';

/**
 * The client session of 001 §3 and 002 §3.3: token, user and device id in localStorage (`userToken`,
 * `user`, `userDeviceId`), injectable through the `token` and `deviceId` query parameters (app web view).
 * Screens follow it with `useSession()`; any change notifies them.
 */
const TOKEN_KEY = 'userToken';
const USER_KEY = 'user';
const DEVICE_KEY = 'userDeviceId';
const RETURN_PATH_KEY = 'loginReturnPath';

/** What the client keeps about the member between visits. */
export interface SessionUser {
  id: string;
  nickname: string;
  profileImage?: string | null;
}

function read(key: string, storage: 'local' | 'session' = 'local'): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): treat it as empty.
    return null;
  }
}

function write(key: string, value: string | null, storage: 'local' | 'session' = 'local'): void {
  try {
    const target = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Nothing to keep it in: the session lasts as long as the page.
  }
}

const listeners = new Set<() => void>();
let version = 0;
function changed(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

export function storedToken(): string | null {
  return read(TOKEN_KEY) || null;
}

export function storedUser(): SessionUser | null {
  const raw = read(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

/** 000 §2: a visitor is a guest when neither a user nor a user token is stored. */
export function isGuest(): boolean {
  return !storedToken() && !read(USER_KEY);
}

/** The device id sent as X-Device-ID: the injected one (app web view), else "web" (002 §7.1). */
export function deviceId(): string {
  return read(DEVICE_KEY) || DEVICE_ID_WEB;
}

/** Login: token and user are stored (001 §2 "On successful login"). */
export function saveSession(token: string, user: SessionUser): void {
  write(TOKEN_KEY, token);
  write(USER_KEY, JSON.stringify({ id: user.id, nickname: user.nickname, profileImage: user.profileImage ?? null }));
  changed();
}

/** After a profile change: the stored user follows. */
export function updateStoredUser(user: Partial<SessionUser>): void {
  const current = storedUser();
  if (!current) return;
  write(USER_KEY, JSON.stringify({ ...current, ...user }));
  changed();
}

/** Logout clears user and token (001 §4); a full clear also drops the device id. */
export function clearSession({ full = false }: { full?: boolean } = {}): void {
  ending = false;
  write(TOKEN_KEY, null);
  write(USER_KEY, null);
  if (full) write(DEVICE_KEY, null);
  changed();
}

/**
 * `?token=…&deviceId=…` (002 §3.3): the app web view hands over its session. The parameters are removed
 * from the address so they are not bookmarked or shared. Not on the screens of the mailed links.
 */
export function injectSessionFromQuery(): void {
  const url = new URL(window.location.href);
  // The mailed links' `?token=` is a one-time reset or verification token for their screen, not a session.
  if (url.pathname === '/reset-password' || url.pathname === '/verify-email') return;
  const token = url.searchParams.get('token');
  const device = url.searchParams.get('deviceId');
  if (!token && !device) return;
  if (token) {
    write(TOKEN_KEY, token);
    // The user is fetched by the screens (viewer); a stale one from another member must not linger.
    write(USER_KEY, null);
  }
  if (device) write(DEVICE_KEY, device);
  url.searchParams.delete('token');
  url.searchParams.delete('deviceId');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  changed();
}

/** Where to go back to after logging in (002 §4.3). */
export function rememberReturnPath(path: string): void {
  write(RETURN_PATH_KEY, path, 'session');
}

export function takeReturnPath(): string | null {
  const path = read(RETURN_PATH_KEY, 'session');
  write(RETURN_PATH_KEY, null, 'session');
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => changed();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface SessionSnapshot {
  token: string | null;
  user: SessionUser | null;
  isGuest: boolean;
}

let snapshot: { version: number; value: SessionSnapshot } | null = null;
function getSnapshot(): SessionSnapshot {
  if (!snapshot || snapshot.version !== version) {
    snapshot = { version, value: { token: storedToken(), user: storedUser(), isGuest: isGuest() } };
  }
  return snapshot.value;
}

/** The session as React state: re-renders on login, logout and changes from other tabs. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Fired when the gateway says the session is no longer valid; the layout redirects to log in. */
export const UNAUTHORIZED_EVENT = 'session:unauthorized';

let unauthorizedPending = false;
/** The member's own logout (or withdrawal) is on its way: the token refused meanwhile is that, not an expired session. */
let ending = false;

/** Said before a logout or withdrawal is sent (false when it was refused): the live inbox, refused first, is not an expiry. */
export function sessionEnding(on = true): void {
  ending = on;
}

/**
 * The gateway rejected the session a request was sent with (`refused`): the user is cleared at once and the layout is
 * told (true), unless there is no session to drop, or the stored one is no longer the refused one (false): the member
 * logged in again (here or in another tab) while the refused request was on its way. A rejection during the first
 * route's loader comes before the layout listens, so it also stays pending until taken.
 */
export function signalUnauthorized(refused: string | null): boolean {
  const token = storedToken();
  if (!token || token !== refused || ending) return false;
  clearSession();
  unauthorizedPending = true;
  window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  return true;
}

export function takeUnauthorized(): boolean {
  const pending = unauthorizedPending;
  unauthorizedPending = false;
  return pending;
}

// Before the router reads the address and starts the first route's query (this module loads first).
if (typeof window !== 'undefined') injectSessionFromQuery();
