import { describe, expect, it } from 'vitest';
import { isReservedNickname } from './nickname.js';

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
