import { useId, useState, type FormEvent } from 'react';
import { CONTENT_MAX, TITLE_MAX } from '@domain/limits.js';
import { communityTexts } from '@domain/messages.js';
import type { WritePageQuery } from '../__generated__/WritePageQuery.graphql';
import type { WritePage_post$data } from '../__generated__/WritePage_post.graphql';
import { PageHeader } from '../ui/PageHeader';
import type { PostDraft } from './drafts';
import { usePickedImages } from './usePickedImages';
import { useSavePost } from './useSavePost';
import { CategoryField, CountedField, FieldError, ImageField, SelectField, TradeFields } from './WriteFields';
import { draftOf, validate, type FieldErrors } from './writeRules';

const w = communityTexts.write;
/** Post types a member writes (notices come from the operators). */
const WRITABLE_POST_TYPES = ['general', 'trade', 'mentoring', 'contest'] as const;

interface WriteFormProps {
  title: string;
  /** The author's post to edit, or null for a new one. */
  post: WritePage_post$data | null;
  categories: NonNullable<WritePageQuery['response']['categories']>;
}

/** The write form (000 §2, §4): checked by the domain's post rules before anything is sent. */
export function WriteForm({ title, post, categories }: WriteFormProps) {
  const isEdit = post !== null;
  const [draft, setDraft] = useState<PostDraft>(() => draftOf(post));
  const [errors, setErrors] = useState<FieldErrors>({});
  const images = usePickedImages(draft.images, (message) => setErrors((current) => ({ ...current, images: message })));
  const [save, creating] = useSavePost(post, categories, setErrors);
  const baseId = useId();
  const idOf = (field: string) => `${baseId}${field}`;

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
    const current = { ...draft, images: images.uploaded() };
    const problems = validate(current, isEdit);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    await save(current);
  };

  return (
    <>
      <PageHeader title={title} back />
      <form className="write-form" onSubmit={submit} noValidate aria-label={title}>
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
          id={idOf('title')}
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
