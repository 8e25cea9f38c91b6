import { describe, expect, it } from 'vitest';
import { isMemberOnlyPath } from './memberOnly';

describe('isMemberOnlyPath', () => {
  it('is true for the member area, writing, the inbox, the member activity and story upload', () => {
    for (const path of ['/my', '/my/settings', '/my/notice/3', '/community/write', '/community/notice', '/community/my', '/stories/new']) {
      expect(isMemberOnlyPath(path), path).toBe(true);
    }
  });

  it('is false for what a guest can read', () => {
    for (const path of [
      '/',
      '/community',
      '/community/detail',
      '/community/search/post',
      '/users/3',
      '/probability/ticket',
      '/stories/3',
      '/privacy',
      '/mystery',
      '/community/writers',
    ]) {
      expect(isMemberOnlyPath(path), path).toBe(false);
    }
  });
});
