/** The history state of an edit form opened from the post's own screen. */
interface EditOpenedFromPost {
  openedFromPost: true;
}

/** The author's edit form of a post (000 §2: /community/write?id=). */
export const postEditPath = (postId: string) => `/community/write?id=${encodeURIComponent(postId)}`;

/** Navigation options for the edit form opened from the post's screen. */
export const fromPostScreen = { state: { openedFromPost: true } satisfies EditOpenedFromPost };

/**
 * Whether the edit form was opened from the post's screen: saving then goes back to that history entry, so that
 * 뒤로 가기 on the post leads to where the member was before it, not to the same post a second time.
 */
export const wasOpenedFromPost = (state: unknown): boolean => (state as Partial<EditOpenedFromPost> | null)?.openedFromPost === true;
