/**
 * Nickname rules as plain functions (no zod, so the web bundle can use them too): what a nickname is
 * normalised to, what it may not contain, when two nicknames are the same, and which ones only staff may use.
 * The zod schema in account.ts and the upstream's checks are built from them.
 */
import { INVISIBLE } from './characters.js';
import { NICKNAME_MAX, NICKNAME_MIN, RESERVED_NICKNAME_WORDS } from './limits.js';

/** The stored form: Unicode NFKC (full-width letters, compatibility forms and ligatures folded). */
export function normalizeNickname(value: string): string {
  return value.normalize('NFKC');
}

/** Two nicknames are one when their keys are equal: NFKC, then lower case (the store keeps the same key). */
export function nicknameKey(value: string): string {
  return normalizeNickname(value).toLowerCase();
}

/** `@닉네임` mentions in a text: the keys of the nicknames named, each once, in the order of their first mention. */
export function mentionedNicknameKeys(text: string): string[] {
  return [...new Set([...text.matchAll(/@([^\s@]{2,20})/g)].map((match) => nicknameKey(match[1])))];
}

/**
 * Emoji joined into one picture (👨‍👩‍👧‍👦, 👩🏽‍💻): the zero-width joiners inside such a sequence show as part of it,
 * so they are not the hidden characters INVISIBLE refuses. A joiner anywhere else still is.
 */
const EMOJI_ZWJ_SEQUENCE = /\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}]?\uFE0F?(?:\u200D\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}]?\uFE0F?)+/gu;

const graphemes = new Intl.Segmenter('ko', { granularity: 'grapheme' });

/** A nickname's length as its reader counts it: letters and whole emoji (👨‍👩‍👧‍👦 is one), not UTF-16 code units. */
export function nicknameLength(value: string): number {
  let length = 0;
  for (const _ of graphemes.segment(value)) length += 1;
  return length;
}

/**
 * Code units a nickname may take per character it shows, on average: a family emoji takes 11, and a letter heaped
 * with combining marks (one character to the count above) must not make a nickname of thousands.
 */
const CODE_UNITS_PER_CHARACTER = 4;

export type NicknameProblem = 'invisible' | 'spaces' | 'length';

/** What is wrong with a nickname (after normalising), or null. */
export function nicknameProblem(value: string): NicknameProblem | null {
  const nickname = normalizeNickname(value);
  if (INVISIBLE.test(nickname.replace(EMOJI_ZWJ_SEQUENCE, (sequence) => sequence.replaceAll('\u200D', '')))) return 'invisible';
  // Spaces alone are no nickname at all: its length is what is wrong, not where the spaces are.
  if (nickname.trim() === '') return 'length';
  if (nickname !== nickname.trim()) return 'spaces';
  const length = nicknameLength(nickname);
  if (length < NICKNAME_MIN || length > NICKNAME_MAX || nickname.length > NICKNAME_MAX * CODE_UNITS_PER_CHARACTER) return 'length';
  return null;
}

/**
 * Only staff may use a nickname with a reserved word in it, whatever the case, width, spaces or punctuation.
 * A Latin word counts only where it stands as a word (`admin`, `Admin_01`, `the admins`), not inside another one
 * (`badminton`); a Korean word counts anywhere, spaces and punctuation removed (`관리 자`, `공식운영팀`).
 */
export function isReservedNickname(value: string): boolean {
  const key = [...nicknameKey(value)].map((character) => LATIN_LOOKALIKES[character] ?? character).join('');
  const compact = key.replace(/[\s\p{P}\p{S}]/gu, '');
  return RESERVED_NICKNAME_WORDS.some((word) => {
    const reserved = nicknameKey(word);
    if (!/^[a-z]+$/.test(reserved)) return compact.includes(reserved);
    // As a word, with or without separators inside it: `the admin`, `ad-min`, `a d m i n`; not `badminton`.
    const asWord = new RegExp(`(?<![a-z])${reserved}s?(?![a-z])`);
    return asWord.test(key) || asWord.test(compact);
  });
}

/**
 * Cyrillic and Greek letters that look like Latin ones (`аdmin` with a Cyrillic а), read as those for the
 * reserved-word check only. A short table written here: the full Unicode confusables list would be a large
 * dependency for the seven Latin staff words this guards.
 */
const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ɑ: 'a',
  ı: 'i',
};

/**
 * A nickname made usable from a free text (a social provider's display name): normalised, invisible
 * characters dropped, spaces trimmed, cut to the maximum; null when nothing usable is left.
 */
export function usableNickname(value: string | null | undefined): string | null {
  if (!value) return null;
  const cleaned = normalizeNickname(value).replace(new RegExp(INVISIBLE.source, 'gu'), '').trim().slice(0, NICKNAME_MAX).trim();
  return nicknameProblem(cleaned) === null && !isReservedNickname(cleaned) ? cleaned : null;
}
