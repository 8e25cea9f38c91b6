import { createServer, type ServerResponse } from 'node:http';
import { Pool } from 'undici';
import type { PageJson, PostJson, ReplyJson, UserSummaryJson } from '../../domain/api.js';

/**
 * P6's floor: a plain Node server that makes the same upstream calls as the gateway for the feed and the post
 * detail (`bench/operations.ts` FEED and POST_DETAIL) and answers the very JSON the gateway answers, written by
 * hand: no GraphQL, no validation, no policies. The bench checks that its answers equal the gateway's.
 *
 * `GET /feed` · `GET /post-detail/<post id>`; `GET /healthz`.
 */
const upstream = new Pool(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4001', { connections: 64, keepAliveTimeout: 30_000 });

async function upstreamJson<T>(path: string): Promise<T> {
  const response = await upstream.request({ method: 'GET', path, headers: { accept: 'application/json' } });
  if (response.statusCode >= 400) {
    await response.body.dump();
    throw new Error(`upstream answered ${response.statusCode} for ${path}`);
  }
  return (await response.body.json()) as T;
}

const globalId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
const cursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
const badge = (user: UserSummaryJson | null) => (user?.represent_badge ? { title: user.represent_badge.title, hexCode: user.represent_badge.hex_code } : null);

async function feed() {
  const page = await upstreamJson<PageJson<PostJson>>('/v1/community/?page=1&page_size=20');
  return {
    posts: {
      totalCount: page.count,
      edges: page.results.map((post, index) => ({
        cursor: cursor(index),
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

async function postDetail(id: number) {
  const [post, replies] = await Promise.all([
    upstreamJson<PostJson>(`/v1/community/${id}/`),
    upstreamJson<PageJson<ReplyJson>>(`/v1/community/${id}/reply/?page=1&page_size=20`),
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
  const answer = url === '/feed' ? feed() : detail ? postDetail(Number(detail[1])) : url === '/healthz' ? Promise.resolve({ ok: true }) : null;
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
