export type TabId = 'home' | 'search' | 'write' | 'notification' | 'profile';

/**
 * The active-tab rule of 000 §2, checked in the spec's order: /community or / is home; a path with a
 * /search segment is search, /write is write, /notice is notification, /my or /profile is profile;
 * anything else is home. Segments are compared whole so that e.g. /mystery is not the profile tab.
 */
export function activeTabFor(pathname: string): TabId {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0 || (segments.length === 1 && segments[0] === 'community')) return 'home';
  if (segments.includes('search')) return 'search';
  if (segments.includes('write')) return 'write';
  if (segments.includes('notice')) return 'notification';
  if (segments.includes('my') || segments.includes('profile')) return 'profile';
  return 'home';
}
