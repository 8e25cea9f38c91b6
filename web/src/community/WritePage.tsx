import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import { ConnectionHandler } from 'relay-runtime';
import { CONTENT_MAX, IMAGE_MIME_TYPES, LOCATION_MAX, POST_IMAGES_MAX, TITLE_MAX, TRADE_TYPES } from '@domain/limits.js';
import { communityTexts, uiTexts } from '@domain/messages.js';
import { postCreateSchema, postUpdateSchema } from '@domain/post.js';
import type { PostType, TradeType } from '../__generated__/useCreatePostMutation.graphql';
import type { WritePageQuery } from '../__generated__/WritePageQuery.graphql';
import type { WritePage_post$data, WritePage_post$key } from '../__generated__/WritePage_post.graphql';
import { postDetailPath } from './PostCard';
import { PageHeader } from '../ui/PageHeader';
import { useOpenLoginModal } from '../accounts/LoginModal';
import { useCreatePostMutation } from './useCreatePostMutation';
import { MutationFailure } from '../app/relay/mutationFailure';
import { useUpdatePostMutation } from './useUpdatePostMutation';
import { useUploadImageMutation } from './useUploadImageMutation';
import { LoadingScreen } from '../ui/LoadingScreen';
import { StateScreen } from '../ui/StateScreen';
import { useToast } from '../ui/toast/ToastProvider';
import { pictureProblem } from '../ui/uploads';
import { clearDraft, loadDraft, saveDraft, type PostDraft } from './drafts';
import { RouteScreen } from '../app/RouteScreen';

const w = communityTexts.write;
/** Post types a member writes (notices come from the operators). */
const WRITABLE_POST_TYPES = ['general', 'trade', 'mentoring', 'contest'] as const;

type FieldErrors = Partial<Record<keyof PostDraft | 'form', string>>;

/** Upstream field names of the domain's post schema → the form's fields. */
const FORM_FIELD_OF: Record<string, keyof PostDraft> = {
  title: 'title',
  content: 'content',
  post_type: 'postType',
  category: 'categoryId',
  sub_category: 'subCategoryId',
  trade_type: 'tradeType',
  price: 'price',
  location: 'location',
  images: 'images',
};

/** /community/write: a new post, or with ?id= the author's post to edit (000 §2, §4). */
export default function WritePage() {
  return (
    <RouteScreen<WritePageQuery>
      fallback={
        <>
          <PageHeader title={w.title} back />
          <LoadingScreen />
        </>
      }
    >
      {(queryRef) => <WriteContent queryRef={queryRef} />}
    </RouteScreen>
  );
}

function WriteContent({ queryRef }: { queryRef: PreloadedQuery<WritePageQuery> }) {
  const data = usePreloadedQuery<WritePageQuery>(
    graphql`
      query WritePageQuery($id: ID!, $isEdit: Boolean!) @preloadable {
        viewer {
          id
        }
        categories {
          databaseId
          name
          children {
            databaseId
            name
          }
        }
        post(id: $id) @include(if: $isEdit) {
          ...WritePage_post @alias
        }
      }
    `,
    queryRef,
  );
  const isEdit = queryRef.variables.isEdit;
  const post = useFragment<WritePage_post$key>(
    graphql`
      fragment WritePage_post on Post {
        id
        title
        content
        postType
        tradeType
        price
        location
        isSold
        category {
          databaseId
        }
        subCategory {
          databaseId
        }
        images {
          id
          url
        }
        author {
          id
        }
      }
    `,
    data.post?.WritePage_post ?? null,
  );
  const openLogin = useOpenLoginModal();
  const title = isEdit ? w.editTitle : w.title;

  if (!data.viewer) {
    return (
      <>
        <PageHeader title={title} back />
        <StateScreen
          title={uiTexts.loginRequired}
          text={uiTexts.loginModalText}
          action={
            <button type="button" className="button button--primary" onClick={openLogin}>
              {uiTexts.login}
            </button>
          }
        />
      </>
    );
  }
  if (isEdit && !post) {
    return (
      <>
        <PageHeader title={title} back />
        <StateScreen title={uiTexts.postNotFound} />
      </>
    );
  }
  if (post && post.author?.id !== data.viewer.id) {
    return (
      <>
        <PageHeader title={title} back />
        <StateScreen title={communityTexts.errors.notAuthor} />
      </>
    );
  }
  return <WriteForm key={post?.id ?? 'new'} title={title} post={post ?? null} categories={data.categories} />;
}

type Categories = WritePageQuery['response']['categories'];

function draftOf(post: WritePage_post$data | null): PostDraft {
  const stored = post ? loadDraft(post.id) : null;
  if (stored) return stored;
  return {
    title: post?.title ?? '',
    content: post?.content ?? '',
    postType: post ? post.postType.toLowerCase() : 'general',
    categoryId: post?.category ? String(post.category.databaseId) : '',
    subCategoryId: post?.subCategory ? String(post.subCategory.databaseId) : '',
    tradeType: post?.tradeType ? post.tradeType.toLowerCase() : TRADE_TYPES[0],
    price: post?.price != null ? String(post.price) : '',
    location: post?.location ?? '',
    isSold: post?.isSold ?? false,
    images: post ? post.images.map(({ id, url }) => ({ id, url })) : [],
  };
}

/** What the domain's post rules see: the upstream's field names, with the trade fields only for trade posts. */
function domainBodyOf(draft: PostDraft) {
  const isTrade = draft.postType === 'trade';
  return {
    title: draft.title,
    content: draft.content,
    post_type: draft.postType,
    category: draft.categoryId || undefined,
    sub_category: draft.subCategoryId || undefined,
    trade_type: isTrade ? draft.tradeType : undefined,
    price: isTrade && draft.price.trim() !== '' ? draft.price.trim() : undefined,
    location: isTrade && draft.location.trim() !== '' ? draft.location : undefined,
  };
}

function validate(draft: PostDraft, isEdit: boolean): FieldErrors {
  const result = (isEdit ? postUpdateSchema : postCreateSchema).safeParse(domainBodyOf(draft));
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FORM_FIELD_OF[String(issue.path[0])] ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A picked image: its preview at once, its id once the gateway has it. */
interface PickedImage {
  key: string;
  previewUrl: string;
  id: string | null;
  failed?: boolean;
}

function WriteForm({ title, post, categories }: { title: string; post: WritePage_post$data | null; categories: Categories }) {
  const isEdit = post !== null;
  const [draft, setDraft] = useState<PostDraft>(() => draftOf(post));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [picked, setPicked] = useState<PickedImage[]>(() => draft.images.map((image) => ({ key: image.id, previewUrl: image.url, id: image.id })));
  const [createPost, creating] = useCreatePostMutation();
  const [updatePost] = useUpdatePostMutation();
  const uploadImage = useUploadImageMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = {
    title: useId(),
    content: useId(),
    postType: useId(),
    category: useId(),
    subCategory: useId(),
    tradeType: useId(),
    price: useId(),
    location: useId(),
    isSold: useId(),
    images: useId(),
  };
  const uploading = picked.some((image) => image.id === null && !image.failed);
  const category = categories.find((candidate) => String(candidate.databaseId) === draft.categoryId);

  // Object URLs of local previews are released when the form goes away.
  const localPreviews = useRef(new Set<string>());
  useEffect(() => () => localPreviews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const set = <K extends keyof PostDraft>(field: K, value: PostDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };
  const text = (field: 'title' | 'content' | 'price' | 'location') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    set(field, event.target.value);

  const pickImages = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length + files.length > POST_IMAGES_MAX) {
      setErrors((current) => ({ ...current, images: communityTexts.upload.tooMany(POST_IMAGES_MAX) }));
      return;
    }
    for (const file of files) {
      const problem = pictureProblem(file);
      if (problem) {
        setErrors((current) => ({ ...current, images: problem }));
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      localPreviews.current.add(previewUrl);
      const key = previewUrl;
      setPicked((current) => [...current, { key, previewUrl, id: null }]);
      uploadImage(file).then(
        (image) => setPicked((current) => current.map((entry) => (entry.key === key ? { ...entry, id: image.id } : entry))),
        (error: Error) => {
          setPicked((current) => current.filter((entry) => entry.key !== key));
          setErrors((current) => ({ ...current, images: error.message || communityTexts.upload.failed }));
        },
      );
    }
  };

  const removeImage = (key: string) => setPicked((current) => current.filter((entry) => entry.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading || creating) return;
    const images = picked.flatMap((image) => (image.id ? [{ id: image.id, url: image.previewUrl }] : []));
    const current = { ...draft, images };
    const problems = validate(current, isEdit);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;

    const isTrade = current.postType === 'trade';
    const common = {
      title: current.title.trim(),
      content: current.content.trim(),
      postType: current.postType.toUpperCase() as PostType,
      categoryId: current.categoryId ? Number(current.categoryId) : null,
      subCategoryId: current.subCategoryId ? Number(current.subCategoryId) : null,
      tradeType: isTrade ? (current.tradeType.toUpperCase() as TradeType) : null,
      price: isTrade && current.price.trim() ? Number(current.price) : null,
      location: isTrade && current.location.trim() ? current.location.trim() : null,
    };

    if (!post) {
      try {
        const postId = await createPost({ ...common, imageIds: images.map((image) => image.id) }, [
          ConnectionHandler.getConnectionID('client:root', 'CommunityFeed_posts', { categoryId: null }),
        ]);
        toast.show(w.created, 'success');
        navigate(postDetailPath(postId), { replace: true });
      } catch (error) {
        showFailure(error, w.createFailed);
      }
      return;
    }

    // 000 §4: the edit shows at once; the draft is kept until the gateway confirms it.
    saveDraft(post.id, current);
    const hadImages = post.images.length > 0;
    const edit = updatePost(
      {
        id: post.id,
        ...common,
        isSold: isTrade ? current.isSold : null,
        imageIds: images.length > 0 ? images.map((image) => image.id) : null,
        noImage: images.length === 0 && hadImages ? true : null,
      },
      { title: common.title, content: common.content, price: common.price, location: common.location, isSold: isTrade && current.isSold },
    );
    navigate(postDetailPath(post.id), { replace: true });
    edit.then(
      () => {
        clearDraft(post.id);
        toast.show(w.updated, 'success');
      },
      (error: unknown) => {
        const reason = error instanceof MutationFailure && error.issues.length > 0 ? ` (${error.message})` : '';
        toast.show(`${w.updateFailed}${reason}`, 'error');
      },
    );
  };

  const showFailure = (error: unknown, fallback: string) => {
    if (error instanceof MutationFailure && error.issues.length > 0) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.issues) {
        const field = (Object.values(FORM_FIELD_OF).find((name) => issue.path.endsWith(`.${name}`) || issue.path.includes(`.${name}`)) ??
          'form') as keyof FieldErrors;
        fieldErrors[field] ??= issue.message;
      }
      setErrors(fieldErrors);
    }
    toast.show(error instanceof Error && error.message ? error.message : fallback, 'error');
  };

  const error = (field: keyof FieldErrors, id?: string) =>
    errors[field] ? (
      <p className="field__error" role="alert" id={id ? `${id}-error` : undefined}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      <PageHeader title={title} back />
      <form className="write-form" onSubmit={submit} noValidate aria-label={title}>
        <div className="field">
          <label className="field__label" htmlFor={ids.postType}>
            {w.postTypeLabel}
          </label>
          <select id={ids.postType} className="field__input" value={draft.postType} onChange={(event) => set('postType', event.target.value)}>
            {WRITABLE_POST_TYPES.map((type) => (
              <option key={type} value={type}>
                {w.postTypes[type]}
              </option>
            ))}
          </select>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.category}>
            {w.categoryLabel}
          </label>
          <select
            id={ids.category}
            className="field__input"
            value={draft.categoryId}
            onChange={(event) => {
              set('categoryId', event.target.value);
              set('subCategoryId', '');
            }}
          >
            <option value="">{uiTexts.allCategories}</option>
            {categories.map((candidate) => (
              <option key={candidate.databaseId} value={candidate.databaseId}>
                {candidate.name}
              </option>
            ))}
          </select>
          {category && category.children.length > 0 ? (
            <select
              id={ids.subCategory}
              aria-label={`${w.categoryLabel} · ${category.name}`}
              className="field__input"
              value={draft.subCategoryId}
              onChange={(event) => set('subCategoryId', event.target.value)}
            >
              <option value="">{category.name}</option>
              {category.children.map((child) => (
                <option key={child.databaseId} value={child.databaseId}>
                  {child.name}
                </option>
              ))}
            </select>
          ) : null}
          {error('categoryId')}
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.title}>
            {w.titleLabel}
          </label>
          <input
            id={ids.title}
            className="field__input"
            value={draft.title}
            placeholder={w.titlePlaceholder}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${ids.title}-error` : undefined}
            onChange={text('title')}
          />
          <span className="field__counter" data-testid="title-counter">
            {w.counter(draft.title.length, TITLE_MAX)}
          </span>
          {error('title', ids.title)}
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.content}>
            {w.contentLabel}
          </label>
          <textarea
            id={ids.content}
            className="field__input field__textarea"
            value={draft.content}
            placeholder={w.contentPlaceholder}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${ids.content}-error` : undefined}
            onChange={text('content')}
          />
          <span className="field__counter" data-testid="content-counter">
            {w.counter(draft.content.length, CONTENT_MAX)}
          </span>
          {error('content', ids.content)}
        </div>

        {draft.postType === 'trade' ? (
          <fieldset className="write-form__trade">
            <legend className="field__label">{uiTexts.tradeInfo}</legend>
            <div className="field">
              <label className="field__label" htmlFor={ids.tradeType}>
                {w.tradeTypeLabel}
              </label>
              <select id={ids.tradeType} className="field__input" value={draft.tradeType} onChange={(event) => set('tradeType', event.target.value)}>
                {TRADE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {uiTexts.tradeTypes[type]}
                  </option>
                ))}
              </select>
              {error('tradeType')}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.price}>
                {w.priceLabel}
              </label>
              <input
                id={ids.price}
                className="field__input"
                inputMode="numeric"
                value={draft.price}
                onChange={text('price')}
                aria-invalid={errors.price ? true : undefined}
              />
              {error('price')}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.location}>
                {w.locationLabel}
              </label>
              <input id={ids.location} className="field__input" maxLength={LOCATION_MAX} value={draft.location} onChange={text('location')} />
              {error('location')}
            </div>
            {isEdit ? (
              <label className="write-form__check" htmlFor={ids.isSold}>
                <input id={ids.isSold} type="checkbox" checked={draft.isSold} onChange={(event) => set('isSold', event.target.checked)} />
                {w.isSoldLabel}
              </label>
            ) : null}
          </fieldset>
        ) : null}

        <div className="field">
          <span className="field__label" id={ids.images}>
            {w.imagesLabel}
          </span>
          <ul className="write-form__images" aria-labelledby={ids.images}>
            {picked.map((image, index) => (
              <li key={image.key} className="write-form__image" data-testid="image-preview" aria-busy={image.id === null}>
                <img src={image.previewUrl} alt={uiTexts.postImage(index + 1)} />
                <button type="button" className="write-form__remove" aria-label={`${w.removeImage} ${index + 1}`} onClick={() => removeImage(image.key)}>
                  ×
                </button>
              </li>
            ))}
            {picked.length < POST_IMAGES_MAX ? (
              <li>
                <button type="button" className="write-form__add" onClick={() => fileInput.current?.click()}>
                  {w.addImage}
                </button>
              </li>
            ) : null}
          </ul>
          <input ref={fileInput} type="file" accept={IMAGE_MIME_TYPES.join(',')} multiple hidden data-testid="image-input" onChange={pickImages} />
          {uploading ? <p className="field__counter">{w.uploading}</p> : null}
          {error('images')}
        </div>

        {error('form')}
        <button type="submit" className="button button--primary write-form__submit" disabled={uploading || creating}>
          {creating ? w.sending : isEdit ? w.save : w.submit}
        </button>
      </form>
    </>
  );
}
