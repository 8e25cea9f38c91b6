/**
 * The GraphQL documents the benchmarks send, written out (the web client sends persisted ids instead) so the
 * Apollo peer can serve exactly the same feed slice.
 */

/** The feed: 20 posts with their authors and represented badges (embedded in the upstream's answer). */
export const FEED = /* GraphQL */ `
  query BenchFeed {
    posts(first: 20) {
      totalCount
      edges {
        cursor
        node { id title likeCount replyCount viewCount createdAt author { nickname profileImage representBadge { title hexCode } } }
      }
    }
  }
`;

/** Nothing to read: what every request costs the gateway before any field (HTTP, parsing, plugins, the answer). */
export const FLOOR = /* GraphQL */ `
  query BenchFloor {
    __typename
  }
`;

/** One post, as the detail page shows its head. */
export const POST = /* GraphQL */ `
  query BenchPost($id: ID!) {
    post(id: $id) {
      __typename
      ... on Post { id title content likeCount replyCount viewCount createdAt author { nickname representBadge { title hexCode } } }
    }
  }
`;

/** Post detail with its first replies and their answers: the post and one reply page. */
export const POST_DETAIL = /* GraphQL */ `
  query BenchPostDetail($id: ID!) {
    post(id: $id) {
      __typename
      ... on Post {
        id title content likeCount replyCount
        author { nickname representBadge { title hexCode } }
        replies(first: 20) {
          totalCount
          edges { node { id content likeCount author { nickname } replies(first: 10) { edges { node { id content author { nickname } } } } } }
        }
      }
    }
  }
`;

/** The item modal: the item, its sellers and its buyers (with their represented badges). */
export const ITEM_MODAL = /* GraphQL */ `
  query BenchItemModal($id: ID!) {
    item(id: $id) {
      __typename
      ... on Item {
        id name rating price
        sellers(first: 20) { totalCount edges { node { id user { nickname representBadge { title hexCode } } } } }
        buyers(first: 20) { totalCount edges { node { id user { nickname representBadge { title hexCode } } } } }
      }
    }
  }
`;

/** Fewest upstream calls each operation can make (000 §7): what P3 divides by. */
export const MINIMUM_UPSTREAM_CALLS = { feed: 1, postDetail: 2, itemModal: 3 } as const;
