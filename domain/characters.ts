import { characterCount } from './limits.js';

// Kept apart from limits.ts, whose constants every screen's first visit carries: only text boxes with a limit need these.

/**
 * Characters that show nothing or steer the text: controls (Cc), format characters (Cf: the zero-width
 * U+200B-U+200D, U+2060, U+FEFF, bidi controls ...), line and paragraph separators, and the Hangul fillers that
 * render blank (U+115F, U+1160, U+3164, U+FFA0).
 */
export const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

/** Whether a text shows anything: a title of zero-width spaces or Hangul fillers is as empty as one of spaces. */
export function showsText(text: string): boolean {
  return text.replace(new RegExp(INVISIBLE.source, 'gu'), '').trim() !== '';
}

/**
 * How many characters of `text` count toward a text rule that trims (`.trim()` before `.max()`, as the post, reply,
 * report, story, wish and inquiry schemas do): the spaces and line breaks around it are not saved, so they take none
 * of the limit. What the boxes' counters show.
 */
export function trimmedCharacterCount(text: string): number {
  return characterCount(text.trim());
}

/** `text` cut after its first `max` characters as the schemas count them (never inside an emoji's surrogate pair). */
export function clipToCharacters(text: string, max: number): string {
  // Never more code points than UTF-16 units: a text this short is within the limit as it is.
  if (text.length <= max) return text;
  let end = 0;
  let count = 0;
  for (const character of text) {
    if (count === max) break;
    end += character.length;
    count += 1;
  }
  return text.slice(0, end);
}

/**
 * A text box's new text held to `max` characters as the browser's maxLength holds it, but counted as the schemas
 * count: what was just typed or pasted (the characters before the caret) is cut, the rest of the text is kept.
 */
export function clipBeforeCaret(text: string, caret: number, max: number): string {
  if (characterCount(text) <= max) return text;
  const after = text.slice(caret);
  const room = max - characterCount(after);
  return room > 0 ? clipToCharacters(text.slice(0, caret), room) + after : clipToCharacters(text, max);
}
