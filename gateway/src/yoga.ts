import { createYoga } from 'graphql-yoga';
import { errorMessages, uiTexts } from '../../domain/index.js';
import { createContextFactory, type GatewayContext } from './context.js';
import { schema } from './schema/index.js';
import type { UpstreamClient } from './upstream/client.js';

/** What GraphiQL opens with: the community feed, as the web client asks for it. */
export const EXAMPLE_QUERY = /* GraphQL */ `# 커뮤니티 최신 글 5개와 카테고리
query CommunityFeed {
  categories {
    databaseId
    name
    children { databaseId name }
  }
  posts(first: 5, sort: LATEST) {
    totalCount
    edges {
      cursor
      node {
        id
        title
        likeCount
        replyCount
        viewCount
        createdAt
        author { nickname representBadge { title hexCode } }
        category { name }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`;

/** The GraphQL handler, apart from any listener so tests and servers share it. */
export function createGatewayYoga(client: UpstreamClient) {
  return createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    context: createContextFactory(client),
    graphqlEndpoint: '/graphql',
    // Expected failures are GraphQLErrors with Korean messages; anything else is masked and never leaks stack or address.
    maskedErrors: { isDev: false, errorMessage: errorMessages.UNKNOWN },
    graphiql: { title: `${uiTexts.appTitle} GraphQL`, defaultQuery: EXAMPLE_QUERY },
    landingPage: false,
  });
}
