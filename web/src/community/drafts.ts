/**
 * What the write form holds. It is kept in the tab as the member writes, so leaving the form (뒤로 가기, a tab, a
 * reload) loses nothing, and while an edit is on its way, so a failure loses nothing either (000 §4, §8).
 */
export interface PostDraft {
  title: string;
  content: string;
  postType: string;
  categoryId: string;
  subCategoryId: string;
  tradeType: string;
  price: string;
  location: string;
  isSold: boolean;
  /** The pictures by id, each with the address of its small copy, which the form shows. */
  images: { id: string; url: string }[];
}

/** Where a draft is kept: an edit by its post, a new post by its author, so a shared tab never offers one member's draft to another. */
export const draftKeyOf = (postId: string | null, viewerId: string) => (postId ? `postDraft:${postId}` : `postDraft:new:${viewerId}`);

export function loadDraft(key: string): PostDraft | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as PostDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, draft: PostDraft): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // No storage: the draft lasts as long as the form.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
