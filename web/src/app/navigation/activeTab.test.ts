import { describe, expect, test } from 'vitest';
import { activeTabFor } from './activeTab';

describe('activeTabFor', () => {
  test.each([
    ['/', 'home'],
    ['/community', 'home'],
    ['/community/', 'home'],
    ['/community/detail', 'home'],
    ['/community/posts', 'home'],
    ['/community/search', 'search'],
    ['/community/search/item', 'search'],
    ['/community/write', 'write'],
    ['/community/notice', 'notification'],
    ['/my', 'profile'],
    ['/my/settings', 'profile'],
    ['/community/my', 'profile'],
    ['/my/profile/edit', 'profile'],
    ['/mystery', 'home'],
    ['/probability/ticket', 'home'],
  ] as const)('%s is %s', (path, tab) => {
    expect(activeTabFor(path)).toBe(tab);
  });
});
