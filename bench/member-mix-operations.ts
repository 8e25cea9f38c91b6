/** The operations of P8's member mix (bench/member-mix.ts), as the web client's screens ask them. */

/** A feed page: 20 posts after a cursor (the first page without one). */
export const FEED_PAGE = /* GraphQL */ `
  query BenchFeedPage($offset: Int) {
    posts(first: 20, offset: $offset) {
      totalCount
      edges {
        cursor
        node { id title likeCount replyCount viewCount createdAt isLiked author { nickname profileImage representBadge { title hexCode } } }
      }
    }
  }
`;

/** A member's profile head. */
export const PROFILE = /* GraphQL */ `
  query BenchProfile($id: ID!) {
    node(id: $id) {
      ... on User { id nickname profileImage bio representBadge { title hexCode } }
    }
  }
`;

/** The viewer's first notifications. */
export const NOTIFICATIONS = /* GraphQL */ `
  query BenchNotifications {
    viewer {
      notifications(first: 20) {
        totalCount
        edges { node { id type title content isRead createdAt sender { nickname profileImage } } }
      }
    }
  }
`;

export const TOGGLE_LIKE = /* GraphQL */ `
  mutation BenchToggleLike($id: ID!) {
    togglePostLike(input: { id: $id }) { __typename ... on TogglePostLikePayload { post { id likeCount isLiked } } }
  }
`;

export const CREATE_REPLY = /* GraphQL */ `
  mutation BenchCreateReply($input: CreateReplyInput!) {
    createReply(input: $input) { __typename ... on CreateReplyPayload { replyEdge { node { id content createdAt } } post { id replyCount } } }
  }
`;
