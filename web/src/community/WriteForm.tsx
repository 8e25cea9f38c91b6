import { useEffect, useId, useState, type FormEvent } from 'react';
import { CONTENT_MAX, TITLE_MAX } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { WritePageQuery } from '../__generated__/WritePageQuery.graphql';
import type { WritePage_post$data } from '../__generated__/WritePage_post.graphql';
import { focusFirstInvalid } from '../ui/FormParts';
import { PageHeader } from '../ui/PageHeader';
import { clearDraft, draftKeyOf, loadDraft, saveDraft, type PostDraft } from './drafts';
import { usePickedImages } from './usePickedImages';
import { useSavePost } from './useSavePost';
import { CategoryField, CountedField, FieldError, ImageField, SelectField, TradeFields } from './WriteFields';
import { untouchedDraftOf, validate, type FieldErrors } from './writeRules';

const w = communityTexts.write;
/** Post types a member writes (notices come from the operators). */
const WRITABLE_POST_TYPES = ['general', 'trade', 'mentoring', 'contest'] as const;

interface WriteFormProps {
  title: string;
  /** The author's post to edit, or null for a new one. */
  post: WritePage_post$data | null;
  categories: NonNullable<WritePageQuery['response']['categories']>;
  /** The writing member, whose new post's draft is kept apart from any other member's. */
  viewerId: string;
}

/**
 * The write form (000 §2, §4): checked by the domain's post rules before anything is sent. What the member writes is
 * kept in the browser tab as it goes (`drafts.ts`), so the form reopens on it after 뒤로 가기, the tab bar or a reload, saying
 * so, with a way to start over.
 */
export function WriteForm(props: WriteFormProps) {
  const draftKey = draftKeyOf(props.post?.id ?? null, props.viewerId);
  // Starting over mounts a fresh form, its pictures included, on the untouched draft.
  const [round, setRound] = useState(0);
  const baseId = useId();
  const startOver = () => {
    clearDraft(draftKey);
    setRound((current) => current + 1);
  };
  return <DraftForm key={round} {...props} draftKey={draftKey} baseId={baseId} startedOver={round > 0} onStartOver={startOver} />;
}

interface DraftFormProps extends WriteFormProps {
  draftKey: string;
  /** Field ids stay the same across a start over, so focus can land back on the title. */
  baseId: string;
  startedOver: boolean;
  onStartOver: () => void;
}

function DraftForm({ title, post, categories, draftKey, baseId, startedOver, onStartOver }: DraftFormProps) {
  const isEdit = post !== null;
  const [untouched] = useState(() => untouchedDraftOf(post));
  const [untouchedText] = useState(() => JSON.stringify(untouched));
  const [stored] = useState(() => loadDraft(draftKey));
  const restored = stored !== null;
  const [draft, setDraft] = useState<PostDraft>(() => stored ?? untouched);
  const [errors, setErrors] = useState<FieldErrors>({});
  const images = usePickedImages(draft.images, (message) => setErrors((current) => ({ ...current, images: message })));
  const [save, creating] = useSavePost(post, draftKey, categories, setErrors);
  const idOf = (field: string) => `${baseId}${field}`;

  // The draft as it would be reopened: the fields and the pictures the gateway already has.
  const kept: PostDraft = { ...draft, images: images.uploaded() };
  const keptText = JSON.stringify(kept);
  useEffect(() => {
    if (keptText === untouchedText) clearDraft(draftKey);
    else saveDraft(draftKey, JSON.parse(keptText) as PostDraft);
  }, [draftKey, keptText, untouchedText]);

  const titleId = idOf('title');
  useEffect(() => {
    if (startedOver) document.getElementById(titleId)?.focus();
  }, [startedOver, titleId]);

  const set = <K extends keyof PostDraft>(field: K, value: PostDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (images.uploading || creating) return;
    if (images.failed) {
      setErrors((current) => ({ ...current, images: communityTexts.upload.failedKept }));
      return;
    }
    const problems = validate(kept, isEdit);
    setErrors(problems);
    // The first field to mend takes the focus, its message read with it, rather than leaving it on 등록.
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    await save(kept);
  };

  return (
    <>
      <PageHeader title={title} back />
      <form className="write-form" onSubmit={submit} noValidate aria-label={title}>
        {restored ? (
          <p className="write-form__restored" role="status">
            {w.draftRestored}
            <button type="button" className="button button--secondary" onClick={onStartOver}>
              {isEdit ? w.restoreOriginal : w.startOver}
            </button>
          </p>
        ) : null}
        <SelectField
          id={idOf('postType')}
          label={w.postTypeLabel}
          value={draft.postType}
          options={WRITABLE_POST_TYPES.map((type) => [type, w.postTypes[type]] as const)}
          onChange={(value) => set('postType', value)}
        />
        <CategoryField
          id={idOf('category')}
          categories={categories}
          categoryId={draft.categoryId}
          subCategoryId={draft.subCategoryId}
          error={errors.categoryId}
          onCategory={(value) => {
            set('categoryId', value);
            set('subCategoryId', '');
          }}
          onSubCategory={(value) => set('subCategoryId', value)}
        />
        <CountedField
          id={titleId}
          label={w.titleLabel}
          value={draft.title}
          placeholder={w.titlePlaceholder}
          max={TITLE_MAX}
          error={errors.title}
          testId="title-counter"
          onChange={(value) => set('title', value)}
        />
        <CountedField
          id={idOf('content')}
          label={w.contentLabel}
          value={draft.content}
          placeholder={w.contentPlaceholder}
          max={CONTENT_MAX}
          error={errors.content}
          testId="content-counter"
          multiline
          onChange={(value) => set('content', value)}
        />
        {draft.postType === 'trade' ? <TradeFields idOf={idOf} draft={draft} errors={errors} isEdit={isEdit} set={set} /> : null}
        <ImageField
          id={idOf('images')}
          picked={images.picked}
          uploading={images.uploading}
          error={errors.images}
          onPick={(files) => {
            // A new pick starts over: the problem of an earlier file no longer stands (the pick's own is shown).
            setErrors((current) => ({ ...current, images: undefined }));
            images.pick(files);
          }}
          onRetry={(key) => {
            setErrors((current) => ({ ...current, images: undefined }));
            images.retry(key);
          }}
          onRemove={(key) => {
            setErrors((current) => ({ ...current, images: undefined }));
            images.remove(key);
          }}
        />
        <FieldError message={errors.form} />
        <button type="submit" className="button button--primary write-form__submit" disabled={images.uploading || creating}>
          {creating ? w.sending : isEdit ? w.save : w.submit}
        </button>
      </form>
    </>
  );
}
