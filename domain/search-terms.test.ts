import { describe, expect, it } from 'vitest';
import { characterCount, ITEM_SEARCH_MAX_LENGTH, ITEM_SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchTermProblem } from './limits.js';
import { itemSearchTermSchema } from './items.js';
import { postSearchSchema } from './post.js';
import { userSearchSchema } from './account.js';
import { validationTexts } from './messages.js';

/** Terms where counting UTF-16 units and counting characters disagree, and the plain cases around the limits. */
const terms = [
  '😀',
  '😀😀',
  ' 😀 ',
  '슬',
  '슬라',
  '가'.repeat(50),
  '가'.repeat(51),
  '😀'.repeat(50),
  '😀'.repeat(51),
  '가'.repeat(100),
  '가'.repeat(101),
  '👍'.repeat(100),
  '👍'.repeat(101),
];

describe('search terms', () => {
  it('counts an emoji as one character, as the schemas do', () => {
    expect(characterCount('😀')).toBe(1);
    expect(characterCount('슬라임👍')).toBe(4);
  });

  it('agrees with every search schema on every term: what it lets through the schema accepts, and the reverse', () => {
    const rules = [
      { schema: itemSearchTermSchema, min: ITEM_SEARCH_MIN_LENGTH, max: ITEM_SEARCH_MAX_LENGTH },
      { schema: postSearchSchema.shape.query, min: SEARCH_MIN_LENGTH, max: SEARCH_MAX_LENGTH },
      { schema: userSearchSchema.shape.q, min: 1, max: SEARCH_MAX_LENGTH },
    ];
    for (const { schema, min, max } of rules) {
      for (const term of terms) {
        const refused = schema.safeParse(term).error?.issues[0]?.code;
        const problem = searchTermProblem(term, min, max);
        expect({ term, problem }).toEqual({ term, problem: refused === 'too_small' ? 'tooShort' : refused === 'too_big' ? 'tooLong' : null });
      }
    }
  });

  it('tells a member search that is too long so, not that it is missing', () => {
    expect(userSearchSchema.shape.q.safeParse('가'.repeat(SEARCH_MAX_LENGTH + 1)).error?.issues[0]?.message).toBe(validationTexts.searchMax(SEARCH_MAX_LENGTH));
  });
});
