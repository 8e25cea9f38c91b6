// Bookmarks (README "Bookmarks"): a member keeps posts to read later.
import { builder } from '../../graphql/builder.js';
import { byIdentity, listConnection, resultsConnection } from '../../graphql/connections.js';
import { targetUpstreamIdOf } from '../../graphql/ids.js';
import { payloadMutation, targetIdFields, type InputFieldBuilder } from '../../graphql/mutations.js';
import { User, Post } from '../../graphql/refs.js';
import { isViewer } from '../../graphql/viewer.js';

const postIdInput = (t: InputFieldBuilder) => targetIdFields(t, 'postId', 'post');

payloadMutation('bookmarkPost', {
  description: 'Bookmark a post to read later; a post already bookmarked stays so. Answers the post with `isBookmarked` true.',
  input: postIdInput,
  payload: { post: Post },
  resolve: async (input, context) => ({ post: await context.community.bookmarkPost(targetUpstreamIdOf(input, 'postId', 'Post')) }),
});

payloadMutation('unbookmarkPost', {
  description: 'Remove a bookmark; a post not bookmarked stays so. Answers the post with `isBookmarked` false.',
  input: postIdInput,
  payload: { post: Post },
  resolve: async (input, context) => ({ post: await context.community.unbookmarkPost(targetUpstreamIdOf(input, 'postId', 'Post')) }),
});

builder.objectField(User, 'bookmarkedPosts', (t) =>
  listConnection(t, 'BookmarkedPost', {
    type: Post,
    nullable: true,
    description:
      'The posts the caller bookmarked, most recently bookmarked first; null on any member but the caller. Deleted, hidden and blocked posts are left out.',
    resolve: (user, args, context) =>
      // Ordered by the time of the bookmark, which posts do not carry: re-anchored by id alone.
      isViewer(user, context) ? resultsConnection(args, ({ page, pageSize }) => context.community.bookmarkedPosts(page, pageSize), byIdentity) : null,
  }),
);
