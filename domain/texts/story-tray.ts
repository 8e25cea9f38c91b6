// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/**
 * The story tray on the community home (002 §4.6): its own group so the home's first download carries these
 * few words and not every story screen's texts.
 */
export const storyTrayTexts = { title: '스토리', add: '내 스토리', addLabel: '스토리 추가', unviewed: '새 스토리', viewed: '본 스토리' };
