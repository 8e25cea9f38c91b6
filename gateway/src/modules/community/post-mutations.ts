import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  CONTENT_MAX,
  LOCATION_MAX,
  POST_IMAGES_MAX,
  POST_SEARCH_TYPES,
  REPORT_REASON_MAX,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  TAGS_MAX,
  TITLE_MAX,
  communityTexts,
  isNoticePost,
  postCreateSchema,
  postReportSchema,
  postSearchSchema,
  postUpdateSchema,
  userBlockSchema,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { ConflictError, ForbiddenError, ValidationError, WRITE_ERRORS, type ValidationIssue } from '../../graphql/errors.js';
import { enumValues } from '../../graphql/enums.js';
import {
  camelCase,
  idempotencyKeyOf,
  inputIdOf,
  localKeyOf,
  NUMERIC_ID_PATTERN,
  ownIdsOf,
  refuseRenamedConflict,
  targetUpstreamIdOf,
  upstreamFields,
  upstreamIdOf,
  validateInput,
} from '../../graphql/ids.js';
import {
  idempotencyKeyField,
  payloadMutation,
  rawIdReplacedBy,
  RENAMED_INPUT_REMOVAL_DATE,
  referencedObject,
  reportReasonTypeField,
  targetIdFields,
  type InputFieldBuilder,
} from '../../graphql/mutations.js';
import { Post, User } from '../../graphql/refs.js';
import { postOrderFor, PostType, TradeType } from './post.js';
import { byIdentity, listConnection, offsetArgument, queryConnection, resultsConnection } from '../../graphql/connections.js';
import { isViewer } from '../../graphql/viewer.js';
import type { GatewayContext } from '../../graphql/context.js';

/** A post input: the fields the upstream names differently, and the rest, which it names the same in snake case. */
interface PostInputFields {
  [field: string]: unknown;
  category?: string | number | null;
  subCategory?: string | number | null;
  categoryId?: number | null;
  subCategoryId?: number | null;
  imageIds?: (string | number)[] | null;
}

/** The post input's names for the upstream's post fields (in camelCase) it names differently. */
const POST_INPUT_NAMES: Readonly<Record<string, string>> = { images: 'imageIds' };

/** `POST_INPUT_NAMES` for one input: a category field named as the client gave it, the deprecated databaseId form included. */
function inputNamesFor(input: PostInputFields): Readonly<Record<string, string>> {
  return {
    ...POST_INPUT_NAMES,
    ...(input.category == null && input.categoryId != null ? { category: 'categoryId' } : {}),
    ...(input.subCategory == null && input.subCategoryId != null ? { subCategory: 'subCategoryId' } : {}),
  };
}

/** A category given by global id (`field`) or, in the deprecated form, by databaseId. */
function categoryOf(globalId: string | number | null | undefined, databaseId: number | null | undefined, field: string): number | undefined {
  if (globalId == null) return databaseId ?? undefined;
  const id = upstreamIdOf(String(globalId), 'Category', ['input', field]);
  if (databaseId != null) refuseRenamedConflict(field, `${field}Id`, id === databaseId);
  return id;
}

/** The upstream body for a post input, validated with the domain's post rules before any upstream call. */
function postBody<S extends typeof postCreateSchema | typeof postUpdateSchema>(schema: S, input: PostInputFields) {
  const { category, subCategory, categoryId, subCategoryId, imageIds, ...sameNamed } = input;
  // A malformed id is one issue among the input's others, all answered together.
  const idIssues: ValidationIssue[] = [];
  const idsOf = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      idIssues.push(...error.issues);
      return undefined;
    }
  };
  const body = {
    // A new input field reaches the upstream without being listed here; the domain schema keeps only what it knows.
    ...upstreamFields(sameNamed, Object.keys(sameNamed)),
    category: idsOf(() => categoryOf(category, categoryId, 'category')),
    sub_category: idsOf(() => categoryOf(subCategory, subCategoryId, 'subCategory')),
    images: imageIds ? idsOf(() => ownIdsOf(imageIds, 'Image', ['input', 'imageIds'])) : undefined,
  };
  const parsed = schema.safeParse(body);
  if (parsed.success && !idIssues.length) return parsed.data;
  const names = inputNamesFor(input);
  const schemaIssues = (parsed.error?.issues ?? []).map((issue) => {
    const [head, ...rest] = issue.path.map(String);
    const name = head === undefined ? undefined : camelCase(head);
    return { path: name === undefined ? ['input'] : ['input', names[name] ?? name, ...rest], message: issue.message, code: issue.code };
  });
  // A field whose id was refused is not also missing, nor is the input empty of changes for want of it.
  const refused = new Set(idIssues.map((issue) => issue.path[1]));
  const alsoWrong = schemaIssues.filter((issue) => !idIssues.length || (issue.path.length > 1 && !refused.has(issue.path[1])));
  throw new ValidationError([...idIssues, ...alsoWrong]);
}

/** A category the input names, read leniently (a malformed one is left to the input's validation). */
function namedCategory(globalId: string | number | null | undefined, databaseId: number | null | undefined): number | undefined {
  if (globalId != null) {
    const key = localKeyOf(String(globalId), 'Category', NUMERIC_ID_PATTERN);
    return key === null ? undefined : Number(key);
  }
  return databaseId ?? undefined;
}

/**
 * A notice (by its post type or category) from a member who is not staff is refused before anything about the
 * input is checked, as the staff-only mutations are: its validation errors are not theirs to fix.
 */
async function refuseNoticeFromNonStaff(input: PostInputFields, context: GatewayContext): Promise<void> {
  const notice = isNoticePost({
    post_type: typeof input.postType === 'string' ? input.postType : undefined,
    category: namedCategory(input.category, input.categoryId),
    sub_category: namedCategory(input.subCategory, input.subCategoryId),
  });
  if (notice && (await context.accounts.me())?.is_staff !== true) throw new ForbiddenError(communityTexts.errors.noticeStaffOnly);
}

const postFieldsOf = (required: boolean) => (t: InputFieldBuilder) => ({
  title: t.string({ required, description: `The title: 1-${TITLE_MAX} characters.` }),
  content: t.string({ required, description: `The body, plain text: 1-${CONTENT_MAX} characters.` }),
  postType: t.field({ type: PostType, description: 'What kind of post it is (`NOTICE`: staff only).' }),
  category: t.id({ description: "The board category's global id (the notice board: staff only)." }),
  subCategory: t.id({ description: "The sub-category's global id." }),
  categoryId: t.int({
    description: "The board category's `databaseId` (the former form of `category`).",
    deprecationReason: `Use category. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
  }),
  subCategoryId: t.int({
    description: "The sub-category's `databaseId` (the former form of `subCategory`).",
    deprecationReason: `Use subCategory. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
  }),
  tradeType: t.field({ type: TradeType, description: 'What a marketplace post offers.' }),
  price: t.int({ description: 'The asking price of a marketplace post in Korean won: a whole number, 0 or more.' }),
  location: t.string({ description: `Where to meet or trade: at most ${LOCATION_MAX} characters.` }),
  imageIds: t.idList({
    description: `Pictures uploaded with \`uploadImage\` (their Image ids), at most ${POST_IMAGES_MAX}, in display order: the first is the cover picture.`,
  }),
  tags: t.stringList({ description: `Tags, at most ${TAGS_MAX}.` }),
  noImage: t.boolean({ description: 'True for a post without pictures; on an update it removes the existing ones.' }),
});

payloadMutation('createPost', {
  description: 'Write a post as the caller. Members only; notices are for staff (ForbiddenError).',
  input: (t) => ({ ...postFieldsOf(true)(t), idempotencyKey: idempotencyKeyField(t) }),
  payload: { post: Post },
  upstreamNames: POST_INPUT_NAMES,
  resolve: async (input, context) => {
    const { idempotencyKey, ...fields } = input;
    await refuseNoticeFromNonStaff(fields, context);
    return { post: await context.community.createPost(postBody(postCreateSchema, fields), idempotencyKeyOf({ idempotencyKey })) };
  },
});

payloadMutation('updatePost', {
  description: 'Edit a post. Only its author may (ForbiddenError otherwise); every field but `id` is optional and only those given change.',
  input: (t) => ({
    id: t.id({ required: true, description: "The post's global id." }),
    ...postFieldsOf(false)(t),
    isSold: t.boolean({ description: 'Mark a marketplace post as sold (true) or for sale again (false).' }),
  }),
  payload: { post: Post },
  upstreamNames: POST_INPUT_NAMES,
  resolve: async (input, context) => {
    await refuseNoticeFromNonStaff(input, context);
    return { post: await context.community.updatePost(inputIdOf(input, 'id', 'Post'), postBody(postUpdateSchema, input)) };
  },
});

const postId = (t: InputFieldBuilder) => ({ id: t.id({ required: true, description: "The post's global id." }) });

payloadMutation('togglePostLike', {
  description: "Like a post, or take the caller's like back if they already like it. Answers the post with its new `isLiked` and `likeCount`.",
  input: postId,
  payload: { post: Post },
  resolve: async (input, context) => {
    const post = await context.community.togglePostLike(inputIdOf(input, 'id', 'Post'));
    context.publishPostChanged(post);
    if (post.is_like && post.author) context.notificationBridge.hint({ userIds: [post.author.id] });
    return { post };
  },
});

/** The report input's name for the upstream's report text. */
const REPORT_INPUT_NAMES = { content: 'reason' };

payloadMutation('reportPost', {
  description: 'Report a post to the staff. Reporting the same post a second time answers ConflictError.',
  errors: [...WRITE_ERRORS, ConflictError],
  upstreamNames: REPORT_INPUT_NAMES,
  input: (f) => ({
    id: f.id({ required: true, description: "The post's global id." }),
    reason: f.string({ required: true, description: `Why, in the member's words: 1-${REPORT_REASON_MAX} characters.` }),
    reasonType: reportReasonTypeField(f),
  }),
  payload: {
    reportedPost: referencedObject('reportedPostId', Post, 'The post reported; null once it is gone.'),
    reportedPostId: rawIdReplacedBy('reportedPost'),
    reportId: { type: 'Int', description: "The report's number." },
  },
  resolve: async (input, context) => {
    const id = inputIdOf(input, 'id', 'Post');
    const report = validateInput(postReportSchema, { content: input.reason, reason_type: input.reasonType ?? undefined }, ['input'], REPORT_INPUT_NAMES);
    const created = await context.community.reportPost(id, report);
    return { reportedPostId: encodeGlobalID('Post', id), reportId: created.id };
  },
});

payloadMutation('deletePost', {
  description: 'Delete a post. Only its author may (ForbiddenError otherwise).',
  input: postId,
  payload: { deletedPostId: 'ID' },
  resolve: async (input, context) => {
    const id = inputIdOf(input, 'id', 'Post');
    await context.community.deletePost(id);
    return { deletedPostId: encodeGlobalID('Post', id) };
  },
});

payloadMutation('blockPost', {
  description: "Hide a post from the caller's lists and search results.",
  input: postId,
  payload: {
    blockedPost: referencedObject('blockedPostId', Post, 'The post hidden; null when the caller can no longer read it.'),
    blockedPostId: rawIdReplacedBy('blockedPost'),
  },
  resolve: async (input, context) => {
    const id = inputIdOf(input, 'id', 'Post');
    await context.community.blockPost(id);
    return { blockedPostId: encodeGlobalID('Post', id) };
  },
});

payloadMutation('blockUser', {
  description:
    "Block a member: neither sees the other's posts, replies or stories, and neither can reply to, follow or notify the other (existing follows between them end).",
  input: (f) => ({
    ...targetIdFields(f, 'userId', 'member'),
    reason: f.string({ description: `Why, for the caller's own record: at most ${REPORT_REASON_MAX} characters.` }),
  }),
  // The REST API's rules on the member blocked (not oneself) are told at `id`.
  upstreamNames: { blockTargetUser: 'id' },
  payload: {
    blockedUser: referencedObject('blockedUserId', User, 'The member blocked; null when their profile can no longer be read.'),
    blockedUserId: rawIdReplacedBy('blockedUser'),
  },
  resolve: async (input, context) => {
    const userId = targetUpstreamIdOf(input, 'userId', 'User');
    const body = validateInput(userBlockSchema, { block_target_user: userId, reason: input.reason ?? undefined }, ['input'], { block_target_user: 'id' });
    await context.community.blockUser(body);
    return { blockedUserId: encodeGlobalID('User', userId) };
  },
});

export const PostSearchType = builder.enumType('PostSearchType', {
  description: 'Where a post search looks for its text.',
  values: enumValues(POST_SEARCH_TYPES, {
    title_content: 'The title or the content.',
    title: 'The title only.',
    content: 'The content only.',
    nickname: "The author's nickname.",
  }),
});

builder.queryField('searchPosts', (t) =>
  queryConnection(t, 'PostSearch', {
    type: Post,
    description: 'Search posts, newest first. A query shorter than the minimum after trimming answers ValidationError.',
    errors: { types: [ValidationError], directResult: true },
    args: {
      query: t.arg.string({ required: true, description: `The text to look for: ${SEARCH_MIN_LENGTH}-${SEARCH_MAX_LENGTH} characters after trimming.` }),
      type: t.arg({ type: PostSearchType, description: 'Where to look; `TITLE_CONTENT` when omitted.' }),
      offset: offsetArgument(t.arg),
    },
    resolve: (_root, args, context) => {
      const search = validateInput(postSearchSchema, { query: args.query, type: args.type ?? undefined }, []);
      return resultsConnection(
        args,
        ({ page, pageSize }) => context.community.posts({ search: search.query, search_type: search.type, page, page_size: pageSize }),
        postOrderFor({ search: search.query }),
      );
    },
  }),
);

builder.queryField('trendingPosts', (t) =>
  queryConnection(t, 'TrendingPost', {
    type: Post,
    description: 'Trending posts: those with the most likes, replies and views for their age first.',
    args: {},
    resolve: (_root, args, context) =>
      resultsConnection(
        args,
        ({ page, pageSize }) => context.community.posts({ sort: 'trending', page, page_size: pageSize }),
        postOrderFor({ sort: 'trending' }),
      ),
  }),
);

builder.objectField(User, 'posts', (t) =>
  listConnection(t, 'UserPost', {
    type: Post,
    description: 'The posts this member wrote, newest first.',
    resolve: (user, args, context) =>
      resultsConnection(args, ({ page, pageSize }) => context.community.posts({ target_user_id: user.id, page, page_size: pageSize }), postOrderFor({})),
  }),
);

builder.objectField(User, 'likedPosts', (t) =>
  listConnection(t, 'LikedPost', {
    type: Post,
    nullable: true,
    description: 'The posts the caller likes, most recently liked first; null on any member but the caller. Deleted, hidden and blocked posts are left out.',
    resolve: (user, args, context) =>
      // Ordered by the time of the like, which posts do not carry: re-anchored by id alone.
      isViewer(user, context) ? resultsConnection(args, ({ page, pageSize }) => context.community.likedPosts(page, pageSize), byIdentity) : null,
  }),
);
