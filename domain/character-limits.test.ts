import { describe, expect, it } from 'vitest';
import { clipBeforeCaret, clipToCharacters, trimmedCharacterCount } from './characters.js';
import { BIO_MAX, CONTENT_MAX, HIGHLIGHT_TITLE_MAX, REPLY_MAX, REPORT_REASON_MAX, STORY_COMMENT_MAX, TITLE_MAX, characterCount } from './limits.js';
import { postContentSchema, postReportSchema, postTitleSchema, replyContentSchema } from './post.js';
import { highlightCreateSchema, storyReactionSchema } from './stories.js';
import { profileUpdateSchema } from './account.js';

/** Texts past a limit where UTF-16 units and characters disagree: emoji alone, and emoji among Hangul. */
const overLimit = (max: number) => ['😀'.repeat(max + 3), `${'가'.repeat(max - 1)}👍👍`, `👍${'가'.repeat(max)}`, '가'.repeat(max + 1)];

describe('text boxes hold as many characters as the schemas accept', () => {
  it('keeps a text within the limit as it is, an emoji counted as one', () => {
    expect(clipToCharacters('슬라임', 3)).toBe('슬라임');
    expect(clipToCharacters('😀😀😀', 3)).toBe('😀😀😀');
    expect(clipToCharacters('', 3)).toBe('');
  });

  it('cuts after the last whole character that fits, never inside an emoji', () => {
    expect(clipToCharacters('😀😀😀😀', 3)).toBe('😀😀😀');
    expect(clipToCharacters('가😀나', 2)).toBe('가😀');
    expect(clipToCharacters('가나다', 2)).toBe('가나');
    expect(clipToCharacters('😀'.repeat(10), 5)).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('cuts what was just typed or pasted, before the caret, and keeps the text after it', () => {
    // '가나|다' full at 3; '😀' typed at the caret (after 나): refused, the text stays.
    expect(clipBeforeCaret('가나😀다', 4, 3)).toBe('가나다');
    // Room for one of a pasted pair: its first character stays.
    expect(clipBeforeCaret('가😀😀나', 5, 3)).toBe('가😀나');
    // Typed at the end, as usual.
    expect(clipBeforeCaret('가나다라', 4, 3)).toBe('가나다');
    // Within the limit: as it is.
    expect(clipBeforeCaret('가😀', 1, 3)).toBe('가😀');
    // A text already over the limit before this change (from the address) is cut at the limit.
    expect(clipBeforeCaret('가나다라마', 0, 3)).toBe('가나다');
  });

  it('leaves exactly the limit, which every text schema accepts (and one more it refuses)', () => {
    const rules = [
      { max: TITLE_MAX, accepts: (text: string) => postTitleSchema.safeParse(text).success },
      { max: REPLY_MAX, accepts: (text: string) => replyContentSchema.safeParse(text).success },
      { max: BIO_MAX, accepts: (text: string) => profileUpdateSchema.safeParse({ bio: text }).success },
    ];
    for (const { max, accepts } of rules) {
      for (const text of overLimit(max)) {
        const clipped = clipToCharacters(text, max);
        expect(characterCount(clipped)).toBe(max);
        expect(accepts(clipped)).toBe(true);
        expect(accepts(clipToCharacters(text, max + 1))).toBe(false);
      }
    }
  });
});

describe('the counters count what the trimming schemas count', () => {
  /** Texts whose words are exactly `max` characters, with what a member leaves around them (not saved). */
  const padded = (max: number) => [`${'가'.repeat(max)}\n`, `  ${'😀'.repeat(max)}  `, `\n\t${'a'.repeat(max)} \r\n`, `\u3000${'가'.repeat(max)}`];
  const rules = [
    { max: TITLE_MAX, accepts: (text: string) => postTitleSchema.safeParse(text).success },
    { max: CONTENT_MAX, accepts: (text: string) => postContentSchema.safeParse(text).success },
    { max: REPLY_MAX, accepts: (text: string) => replyContentSchema.safeParse(text).success },
    { max: REPORT_REASON_MAX, accepts: (text: string) => postReportSchema.safeParse({ reason: text }).success },
    { max: STORY_COMMENT_MAX, accepts: (text: string) => storyReactionSchema.safeParse({ type: 'comment', comment: text }).success },
    { max: HIGHLIGHT_TITLE_MAX, accepts: (text: string) => highlightCreateSchema.safeParse({ title: text, storyIds: ['1'] }).success },
  ];

  it('counts the words, not the spaces and line breaks around them, so a full text with a line break after it is full, not over', () => {
    expect(trimmedCharacterCount('  말랑 \n')).toBe(2);
    expect(trimmedCharacterCount('말 랑')).toBe(3);
    expect(trimmedCharacterCount('\n\n')).toBe(0);
    for (const { max, accepts } of rules) {
      for (const text of padded(max)) {
        expect(characterCount(text)).toBeGreaterThan(max);
        expect(trimmedCharacterCount(text)).toBe(max);
        expect(accepts(text)).toBe(true);
        expect(accepts(`${text.trim()}더`)).toBe(false);
      }
    }
  });
});
