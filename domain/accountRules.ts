/**
 * Account rules as plain functions, free of zod so the web bundle can use them (the login sheet
 * checks its inputs live). The zod schemas in account.ts are built from the same rules.
 */
import { LOGIN_SHEET_PASSWORD_MAX, LOGIN_SHEET_PASSWORD_MIN } from './limits.js';

/** A Korean mobile number: 01x, then 3-4 digits, then 4 digits, hyphens optional (001 §5). */
export const KOREAN_MOBILE_PATTERN = /^01[016789]-?\d{3,4}-?\d{4}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isKoreanMobile(value: string): boolean {
  return KOREAN_MOBILE_PATTERN.test(value.trim());
}

/** The stored form of a mobile number: digits only. */
export function normalizePhone(value: string): string {
  return value.replace(/-/g, '').trim();
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The login identifier of 001 §5: an e-mail address or a Korean mobile number. */
export function isLoginIdentifier(value: string): boolean {
  return isEmail(value) || isKoreanMobile(value);
}

/**
 * The password rule (001 §5, DESIGN §5): 8-20 characters with at least one letter and one digit. The login sheet
 * checks it, and every password a member sets (register, change, reset) must keep it: `newPasswordSchema` in
 * account.ts is built from it.
 */
export function isSheetPassword(value: string): boolean {
  return value.length >= LOGIN_SHEET_PASSWORD_MIN && value.length <= LOGIN_SHEET_PASSWORD_MAX && /[A-Za-z]/.test(value) && /\d/.test(value);
}
