import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { RESTDataSource, type AugmentedRequest } from '@apollo/datasource-rest';
import type { PageJson, PostJson, UserSummaryJson } from '../../domain/api.js';

/**
 * P5's peer: the same feed slice served by Apollo Server with @apollo/datasource-rest against the same
 * upstream, set up the way the libraries' documentation shows (a RESTDataSource per request, created in
 * the context function; `startStandaloneServer`). The caller's `Authorization` goes upstream with each call, set in
 * `willSendRequest` as the documentation's authentication example does.
 */
const typeDefs = /* GraphQL */ `
  type Badge { title: String! hexCode: String! }
  type User { id: ID! nickname: String! profileImage: String representBadge: Badge }
  type Post { id: ID! title: String! likeCount: Int! replyCount: Int! viewCount: Int! createdAt: String! author: User }
  type PostEdge { cursor: String! node: Post! }
  type PostConnection { totalCount: Int! edges: [PostEdge!]! }
  type Query { posts(first: Int = 20): PostConnection! }
`;

class CommunityAPI extends RESTDataSource {
  override baseURL = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4001/';
  private readonly authorization: string | undefined;

  constructor(options: { cache: ApolloServer['cache']; authorization?: string }) {
    super(options);
    this.authorization = options.authorization;
  }

  override willSendRequest(_path: string, request: AugmentedRequest) {
    if (this.authorization) request.headers.authorization = this.authorization;
  }

  posts(first: number): Promise<PageJson<PostJson>> {
    return this.get('v1/community/', { params: { page: '1', page_size: String(first) } });
  }
}

interface ContextValue {
  dataSources: { community: CommunityAPI };
}

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');

const resolvers = {
  Query: {
    posts: async (_root: unknown, { first }: { first: number }, { dataSources }: ContextValue) => {
      const page = await dataSources.community.posts(first);
      return { totalCount: page.count, edges: page.results.map((post, index) => ({ cursor: Buffer.from(`offset:${index}`).toString('base64'), node: post })) };
    },
  },
  Post: {
    id: (post: PostJson) => globalId('Post', post.id),
    likeCount: (post: PostJson) => post.like_count,
    replyCount: (post: PostJson) => post.reply_count,
    viewCount: (post: PostJson) => post.view_count,
    createdAt: (post: PostJson) => post.created_at,
  },
  User: {
    id: (user: UserSummaryJson) => globalId('User', user.id),
    profileImage: (user: UserSummaryJson) => user.profile_image,
    representBadge: (user: UserSummaryJson) => (user.represent_badge ? { title: user.represent_badge.title, hexCode: user.represent_badge.hex_code } : null),
  },
};

const server = new ApolloServer<ContextValue>({ typeDefs, resolvers });
const { url } = await startStandaloneServer(server, {
  listen: { port: Number(process.env.PORT ?? 4100), host: '127.0.0.1' },
  context: async ({ req }) => {
    const { cache } = server;
    return { dataSources: { community: new CommunityAPI({ cache, authorization: req.headers.authorization }) } };
  },
});
console.log(`apollo peer: ${url}`);
