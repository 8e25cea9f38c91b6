import { TRADE_TYPES } from '@domain/limits.js';
import { wholeNumberFromText } from '@domain/price.js';
import { postCreateSchema, postUpdateSchema } from '@domain/post.js';
import type { PostType, TradeType } from '../__generated__/useCreatePostMutation.graphql';
import type { WritePage_post$data } from '../__generated__/WritePage_post.graphql';
import type { PostDraft } from './drafts';

/** The write form's messages by field; `form` for what belongs to no field. */
export type FieldErrors = Partial<Record<keyof PostDraft | 'form', string>>;

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

/** The gateway's post input names → the form's fields, where they differ from the form's own. */
const FORM_FIELD_OF_INPUT: Record<string, keyof PostDraft> = { category: 'categoryId', subCategory: 'subCategoryId' };

/** A category the form offers, with its sub-categories. */
export interface CategoryChoice {
  readonly id: string;
  readonly databaseId: number;
  readonly children: ReadonlyArray<{ readonly id: string; readonly databaseId: number }>;
}

/**
 * The global id of the draft's category (the draft keeps the `databaseId`, which the domain's post rules read);
 * null when it names none the form offers.
 */
function categoryIdOf(categories: readonly CategoryChoice[], databaseId: string): string | null {
  if (!databaseId) return null;
  const offered = categories.flatMap((category) => [category, ...category.children]);
  return offered.find((category) => String(category.databaseId) === databaseId)?.id ?? null;
}

/** The form as it stands before any writing: the post to edit, else an empty general post. */
export function untouchedDraftOf(post: WritePage_post$data | null): PostDraft {
  return {
    title: post?.title ?? '',
    content: post?.content ?? '',
    postType: post ? post.type.toLowerCase() : 'general',
    categoryId: post?.category ? String(post.category.databaseId) : '',
    subCategoryId: post?.subCategory ? String(post.subCategory.databaseId) : '',
    tradeType: post?.tradeType ? post.tradeType.toLowerCase() : TRADE_TYPES[0],
    price: post?.price != null ? String(post.price) : '',
    location: post?.location ?? '',
    isSold: post?.isSold ?? false,
    images: post ? post.images.map(({ id, url, thumbnailUrl }) => ({ id, url: thumbnailUrl ?? url })) : [],
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

/** The domain's post rules over the draft, the first broken rule of each field. */
export function validate(draft: PostDraft, isEdit: boolean): FieldErrors {
  const result = (isEdit ? postUpdateSchema : postCreateSchema).safeParse(domainBodyOf(draft));
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FORM_FIELD_OF[String(issue.path[0])] ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The gateway's field issues (input paths such as `["input", "title"]`) on the form's fields. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path[0] === 'input' ? issue.path[1] : undefined;
    const field = ((name && FORM_FIELD_OF_INPUT[name]) ?? Object.values(FORM_FIELD_OF).find((formField) => formField === name) ?? 'form') as keyof FieldErrors;
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/** The fields a new post and an edit send alike, from a checked draft; the trade fields only for trade posts. */
export function postInputOf(draft: PostDraft, categories: readonly CategoryChoice[]) {
  const isTrade = draft.postType === 'trade';
  return {
    title: draft.title.trim(),
    content: draft.content.trim(),
    postType: draft.postType.toUpperCase() as PostType,
    category: categoryIdOf(categories, draft.categoryId),
    subCategory: categoryIdOf(categories, draft.subCategoryId),
    tradeType: isTrade ? (draft.tradeType.toUpperCase() as TradeType) : null,
    price: isTrade ? wholeNumberFromText(draft.price) : null,
    location: isTrade && draft.location.trim() ? draft.location.trim() : null,
  };
}
