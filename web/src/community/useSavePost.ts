import { useLocation, useNavigate } from 'react-router-dom';
import { ConnectionHandler } from 'relay-runtime';
import { communityTexts } from '@domain/messages.js';
import type { WritePage_post$data } from '../__generated__/WritePage_post.graphql';
import { MutationFailure } from '../app/relay/mutationFailure';
import { useToast } from '../ui/toast/ToastProvider';
import { clearDraft, saveDraft, type PostDraft } from './drafts';
import { wasOpenedFromPost } from './editNavigation';
import { postDetailPath } from './PostCard';
import { useCreatePostMutation } from './useCreatePostMutation';
import { useUpdatePostMutation } from './useUpdatePostMutation';
import { fieldErrorsOf, postInputOf, type CategoryChoice, type FieldErrors } from './writeRules';

const w = communityTexts.write;

/**
 * Sends a checked draft: a new post, then its page; or the author's edit of `post`, shown at once while the draft
 * is kept (under `draftKey`) until the gateway confirms it (000 §4). `categories` are the form's choices, which name the draft's category
 * by global id; `showErrors` puts the gateway's field issues on the form.
 */
export function useSavePost(
  post: WritePage_post$data | null,
  draftKey: string,
  categories: readonly CategoryChoice[],
  showErrors: (errors: FieldErrors) => void,
) {
  const [createPost, creating] = useCreatePostMutation();
  const [updatePost] = useUpdatePostMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const openedFromPost = wasOpenedFromPost(useLocation().state);

  const showFailure = (error: unknown, fallback: string) => {
    if (error instanceof MutationFailure && error.issues.length > 0) showErrors(fieldErrorsOf(error.issues));
    toast.show(error instanceof Error && error.message ? error.message : fallback, 'error');
  };

  const create = async (draft: PostDraft) => {
    try {
      const postId = await createPost({ ...postInputOf(draft, categories), imageIds: draft.images.map((image) => image.id) }, [
        ConnectionHandler.getConnectionID('client:root', 'CommunityFeed_posts', { categoryId: null }),
      ]);
      clearDraft(draftKey);
      toast.show(w.created, 'success');
      navigate(postDetailPath(postId), { replace: true });
    } catch (error) {
      showFailure(error, w.createFailed);
    }
  };

  const update = (post: WritePage_post$data, draft: PostDraft) => {
    saveDraft(draftKey, draft);
    const common = postInputOf(draft, categories);
    const isTrade = draft.postType === 'trade';
    const hadImages = post.images.length > 0;
    const edit = updatePost(
      {
        id: post.id,
        ...common,
        isSold: isTrade ? draft.isSold : null,
        imageIds: draft.images.length > 0 ? draft.images.map((image) => image.id) : null,
        noImage: draft.images.length === 0 && hadImages ? true : null,
      },
      { title: common.title, content: common.content, price: common.price, location: common.location, isSold: isTrade && draft.isSold },
    );
    if (openedFromPost) navigate(-1);
    else navigate(postDetailPath(post.id), { replace: true });
    edit.then(
      () => {
        clearDraft(draftKey);
        toast.show(w.updated, 'success');
      },
      (error: unknown) => {
        const reason = error instanceof MutationFailure && error.issues.length > 0 ? ` (${error.message})` : '';
        toast.show(`${w.updateFailed}${reason}`, 'error');
      },
    );
  };

  const save = (draft: PostDraft) => (post ? update(post, draft) : create(draft));
  return [save, creating] as const;
}
