/** What the write form holds; kept while an edit is on its way so a failure loses nothing (000 §4, §8). */
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
  images: { id: string; url: string }[];
}

const keyOf = (postId: string) => `postDraft:${postId}`;

export function loadDraft(postId: string): PostDraft | null {
  try {
    const raw = window.sessionStorage.getItem(keyOf(postId));
    return raw ? (JSON.parse(raw) as PostDraft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(postId: string, draft: PostDraft): void {
  try {
    window.sessionStorage.setItem(keyOf(postId), JSON.stringify(draft));
  } catch {
    // No storage: the draft lasts as long as the form.
  }
}

export function clearDraft(postId: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(postId));
  } catch {
    // Nothing stored.
  }
}
