// Bookmarks (README "Bookmarks"): a member keeps posts to read later.
import { builder } from '../../graphql/builder.js';
import { byIdentity, listConnection, resultsConnection } from '../../graphql/connections.js';
import { targetUpstreamIdOf } from '../../graphql/ids.js';
import { payloadMutation, targetIdFields, type InputFieldBuilder } from '../../graphql/mutations.js';
import { User, Post } from '../../graphql/refs.js';
import { isViewer } from '../../graphql/viewer.js';

const postIdInput = (t: InputFieldBuilder) => targetIdFields(t, 'postId', 'post');

payloadMutation('bookmarkPost', {
  description: '게시글을 북마크합니다. 이미 북마크한 글이면 그대로입니다. isBookmarked가 true인 게시글을 돌려줍니다.',
  input: postIdInput,
  payload: { post: Post },
  resolve: async (input, context) => ({ post: await context.community.bookmarkPost(targetUpstreamIdOf(input, 'postId', 'Post')) }),
});

payloadMutation('unbookmarkPost', {
  description: '게시글의 북마크를 뺍니다. 북마크하지 않은 글이면 그대로입니다. isBookmarked가 false인 게시글을 돌려줍니다.',
  input: postIdInput,
  payload: { post: Post },
  resolve: async (input, context) => ({ post: await context.community.unbookmarkPost(targetUpstreamIdOf(input, 'postId', 'Post')) }),
});

builder.objectField(User, 'bookmarkedPosts', (t) =>
  listConnection(t, 'BookmarkedPost', {
    type: Post,
    nullable: true,
    description: '내가 북마크한 게시글 (최근에 북마크한 순; 본인만, 다른 회원에게는 null). 삭제·숨김·차단된 글은 빠집니다.',
    resolve: (user, args, context) =>
      // Ordered by the time of the bookmark, which posts do not carry: re-anchored by id alone.
      isViewer(user, context) ? resultsConnection(args, ({ page, pageSize }) => context.community.bookmarkedPosts(page, pageSize), byIdentity) : null,
  }),
);
