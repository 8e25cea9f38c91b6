import { describe, expect, it } from 'vitest';
import { isReservedNickname, nicknameProblem } from './nickname.js';

describe('isReservedNickname', () => {
  it('finds a staff word in any case, width, spacing or punctuation', () => {
    for (const nickname of [
      '운영자',
      '관리 자',
      '공식운영팀',
      'ADMIN',
      'Ａｄｍｉｎ_01',
      'the admin',
      'Admin1',
      'admins',
      'a d m i n',
      'ad-min',
      'ad.min',
      'ad_min',
      'moder-ator',
      '\u0430dmin',
      '슬라임 커뮤니티',
      'Moderators',
    ]) {
      expect(isReservedNickname(nickname), nickname).toBe(true);
    }
  });

  it('leaves Latin words that only contain one (badminton) and ordinary nicknames', () => {
    for (const nickname of ['badminton', 'Padmini', 'adminton', 'bad min', 'ad-minton', '말랑콩떡', 'slime2026']) {
      expect(isReservedNickname(nickname), nickname).toBe(false);
    }
  });
});

describe('nicknameProblem', () => {
  it('takes emoji joined into one picture, whose zero-width joiners show as part of it', () => {
    for (const nickname of ['👨\u200D👩\u200D👧\u200D👦가족', '👩🏽\u200D💻개발자', '❤\uFE0F\u200D🔥불꽃', '복숭아😀빛']) {
      expect(nicknameProblem(nickname), nickname).toBeNull();
    }
  });

  it('refuses a zero-width joiner or other hidden character anywhere else', () => {
    for (const nickname of ['말랑\u200D콩떡', '말랑콩떡\u200D', '\u200D👩가족', '👩\u200D\u200D👩', '슬라임\u200B', '\u3164말랑']) {
      expect(nicknameProblem(nickname), JSON.stringify(nickname)).toBe('invisible');
    }
  });
});

describe('a nickname of spaces alone', () => {
  it('is too short, not a nickname with spaces around it', () => {
    expect(nicknameProblem('   ')).toBe('length');
    expect(nicknameProblem(' 슬라임팬')).toBe('spaces');
  });
});

describe('nickname length', () => {
  it('counts what a reader sees: letters and whole emoji, not code units', () => {
    expect(nicknameProblem('가')).toBe('length');
    expect(nicknameProblem('👍')).toBe('length');
    expect(nicknameProblem('👨\u200D👩\u200D👧\u200D👦')).toBe('length');
    expect(nicknameProblem('👍👍')).toBeNull();
    expect(nicknameProblem('말'.repeat(20))).toBeNull();
    expect(nicknameProblem('말'.repeat(21))).toBe('length');
    expect(nicknameProblem('👨\u200D👩\u200D👧'.repeat(5))).toBeNull();
  });

  it('refuses a letter heaped with combining marks, one character to a reader but hundreds of code units', () => {
    expect(nicknameProblem(`a${'\u0301'.repeat(200)}b`)).toBe('length');
  });
});
