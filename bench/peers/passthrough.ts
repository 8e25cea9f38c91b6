import { createServer, type ServerResponse } from 'node:http';
import { Pool } from 'undici';
import type { PageJson, PostJson, ReplyJson, UserSummaryJson } from '../../domain/api.js';
import { connectionListName, cursorOf } from '../../gateway/src/graphql/connections.js';
import { postOrderFor } from '../../gateway/src/modules/community/post.js';

/**
 * P6's floor: a plain Node server that makes the same upstream calls as the gateway for the feed and the post
 * detail (`bench/operations.ts` FEED and POST_DETAIL) and answers the very JSON the gateway answers, written by
 * hand: no GraphQL, no validation, no policies. The bench checks that its answers equal the gateway's. The feed's
 * cursors are the gateway's own (its encoding and the feed's order imported, not written again), so the pass-through
 * pays for the same cursors. The caller's `Authorization` goes upstream with each call, as the gateway sends it.
 *
 * `GET /feed` · `GET /post-detail/<post id>`; `GET /healthz`.
 */
const upstream = new Pool(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4001', { connections: 64, keepAliveTimeout: 30_000 });

async function upstreamJson<T>(path: string, authorization: string | undefined): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;
  const response = await upstream.request({ method: 'GET', path, headers });
  if (response.statusCode >= 400) {
    await response.body.dump();
    throw new Error(`upstream answered ${response.statusCode} for ${path}`);
  }
  return (await response.body.json()) as T;
}

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
/** The feed is `posts(first: 20)`: the root list without filters, in the default order. */
const feedList = connectionListName('Query', 'posts', undefined);
const feedOrder = postOrderFor({});
const badge = (user: UserSummaryJson | null) => (user?.represent_badge ? { title: user.represent_badge.title, hexCode: user.represent_badge.hex_code } : null);

async function feed(authorization: string | undefined) {
  const page = await upstreamJson<PageJson<PostJson>>('/v1/community/?page=1&page_size=20', authorization);
  return {
    posts: {
      totalCount: page.count,
      edges: page.results.map((post, index) => ({
        cursor: cursorOf(feedList, post, index, feedOrder),
        node: {
          id: globalId('Post', post.id),
          title: post.title,
          likeCount: post.like_count,
          replyCount: post.reply_count,
          viewCount: post.view_count,
          createdAt: post.created_at,
          author: post.author && { nickname: post.author.nickname, profileImage: post.author.profile_image, representBadge: badge(post.author) },
        },
      })),
    },
  };
}

async function postDetail(id: number, authorization: string | undefined) {
  const [post, replies] = await Promise.all([
    upstreamJson<PostJson>(`/v1/community/${id}/`, authorization),
    upstreamJson<PageJson<ReplyJson>>(`/v1/community/${id}/reply/?page=1&page_size=20`, authorization),
  ]);
  return {
    post: {
      __typename: 'Post',
      id: globalId('Post', post.id),
      title: post.title,
      content: post.content,
      likeCount: post.like_count,
      replyCount: post.reply_count,
      author: post.author && { nickname: post.author.nickname, representBadge: badge(post.author) },
      replies: {
        totalCount: replies.count,
        edges: replies.results.map((reply) => ({
          node: {
            id: globalId('Reply', reply.id),
            content: reply.content,
            likeCount: reply.like_count,
            author: reply.author && { nickname: reply.author.nickname },
            replies: {
              edges: reply.replies.slice(0, 10).map((answer) => ({
                node: { id: globalId('Reply', answer.id), content: answer.content, author: answer.author && { nickname: answer.author.nickname } },
              })),
            },
          },
        })),
      },
    },
  };
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const server = createServer((request, response) => {
  const url = request.url ?? '/';
  const detail = /^\/post-detail\/(\d+)$/.exec(url);
  const { authorization } = request.headers;
  const answer =
    url === '/feed' ? feed(authorization) : detail ? postDetail(Number(detail[1]), authorization) : url === '/healthz' ? Promise.resolve({ ok: true }) : null;
  if (!answer) return send(response, 404, { errors: [{ message: 'not found' }] });
  answer.then(
    (data) => send(response, 200, url === '/healthz' ? data : { data }),
    (error: unknown) => send(response, 502, { errors: [{ message: String(error) }] }),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => console.log('pass-through peer listening'));
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void upstream.close().then(() => process.exit(0));
});
