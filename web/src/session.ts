/**
 * The client session of 002 §3.3: a user token and the signed-in user, kept in localStorage.
 * Logging in is not built yet; whatever stores these keys later makes the visitor a member.
 */
const TOKEN_KEY = 'userToken';
const USER_KEY = 'user';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): treat it as empty.
    return null;
  }
}

export function storedToken(): string | null {
  return read(TOKEN_KEY) || null;
}

/** 000 §2: a visitor is a guest when neither a user nor a user token is stored. */
export function isGuest(): boolean {
  return !storedToken() && !read(USER_KEY);
}
