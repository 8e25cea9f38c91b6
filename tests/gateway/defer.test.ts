import { createHash } from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { meros } from 'meros/browser';
import { beforeAll, describe, expect, it } from 'vitest';
import { hardeningTexts } from '../../domain/messages.js';
import { users } from '../../upstream/src/db/schema.js';
import { PersistedOperations } from '../../gateway/src/server/persisted.js';
import { useStack, type Stack } from '../helpers/stack.js';
import { collect, until, wsClient, type Cleanups } from '../helpers/ws.js';

/** What incremental clients (Apollo Client, Relay with meros) send. */
const INCREMENTAL_ACCEPT = 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json';

const POST_WITH_DEFERRED_REPLIES = /* GraphQL */ `
  query DeferredReplies($id: ID!) {
    post(id: $id) {
      ... on Post {
        id
        title
        ...PostReplies @defer(label: "replies")
      }
    }
  }
  fragment PostReplies on Post {
    replies(first: 5) { edges { node { content } } }
  }
`;

/** The post detail's replies, and nothing else, are asked of the upstream at this path. */
const REPLY_LIST_PATH = /^\/v1\/community\/\d+\/reply\//;

interface Part {
  data?: any;
  errors?: unknown[];
  incremental?: { data: any; path: (string | number)[]; label?: string }[];
  hasNext: boolean;
}

/** Sends the operation and reads the answer as a stock multipart reader does, one JSON part at a time. */
async function multipartParts(stack: Stack, body: unknown, accept = INCREMENTAL_ACCEPT) {
  const response = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept, 'x-graphql-yoga-csrf': '1' },
    body: JSON.stringify(body),
  });
  const parts = await meros<Part>(response);
  if (!(Symbol.asyncIterator in parts)) throw new Error(`not multipart: ${response.status} ${await parts.text()}`);
  return { response, parts };
}

async function nextPart(parts: AsyncGenerator<{ json: boolean; body: unknown }>): Promise<Part> {
  const { value, done } = await parts.next();
  expect(done).toBe(false);
  expect(value!.json).toBe(true);
  return value!.body as Part;
}

async function seedPostWithReplies(stack: Stack): Promise<string> {
  const [member] = await stack.upstream.db.insert(users).values({ email: 'defer@example.com', nickname: '나중에오는댓글' }).returning({ id: users.id });
  const token = await stack.upstream.issueToken(member.id);
  const created = await stack.graphql(
    `mutation { createPost(input: { title: "댓글은 나중에", content: "본문이 먼저" }) { ... on CreatePostPayload { post { id } } } }`,
    {},
    token,
  );
  const postId: string = created.data.createPost.post.id;
  for (const content of ['첫 댓글', '둘째 댓글']) {
    const replied = await stack.graphql(
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename } }`,
      { input: { postId, content } },
      token,
    );
    expect(replied.data.createReply.__typename).toBe('CreateReplyPayload');
  }
  return postId;
}

describe('@defer over HTTP', () => {
  const stack = useStack();
  let postId = '';
  beforeAll(async () => {
    postId = await seedPostWithReplies(stack);
  }, 60_000);

  it('sends the post at once and its replies in a later part, while the upstream still holds them back', async () => {
    const release = stack.proxy.hold(REPLY_LIST_PATH);
    try {
      const { response, parts } = await multipartParts(stack, { query: POST_WITH_DEFERRED_REPLIES, variables: { id: postId } });
      expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);

      const initial = await nextPart(parts);
      expect(initial).toEqual({ data: { post: { id: postId, title: '댓글은 나중에' } }, hasNext: true });

      release();
      const rest: Part[] = [];
      for await (const part of parts) rest.push((part as { body: Part }).body);
      const incremental = rest.flatMap((part) => part.incremental ?? []);
      expect(incremental).toEqual([
        { data: { replies: { edges: [{ node: { content: '첫 댓글' } }, { node: { content: '둘째 댓글' } }] } }, path: ['post'], label: 'replies' },
      ]);
      expect(rest.at(-1)?.hasNext).toBe(false);
    } finally {
      release();
    }
  });

  it('answers one JSON result when the deferred part is switched off, and plain queries as before', async () => {
    const off = await stack.post(
      { query: POST_WITH_DEFERRED_REPLIES.replace('@defer(label: "replies")', '@defer(label: "replies", if: false)'), variables: { id: postId } },
      { headers: { accept: INCREMENTAL_ACCEPT } },
    );
    expect(off.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(off.body.data.post.replies.edges).toHaveLength(2);
  });

  it('offers server-sent events too, and answers 406 to a client reading only single JSON results', async () => {
    const sse = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-graphql-yoga-csrf': '1' },
      body: JSON.stringify({ query: POST_WITH_DEFERRED_REPLIES, variables: { id: postId } }),
    });
    expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await sse.text();
    expect(events).toContain('"hasNext":true');
    expect(events).toContain('"label":"replies"');

    const jsonOnly = await stack.post({ query: POST_WITH_DEFERRED_REPLIES, variables: { id: postId } }, { headers: { accept: 'application/json' } });
    expect(jsonOnly.status).toBe(406);
    // The refusal names what a deferring operation can be read as, and only that.
    const acceptable = ['multipart/mixed; deferSpec=20220824', 'text/event-stream'];
    expect(jsonOnly.body.errors[0]).toMatchObject({ message: hardeningTexts.notAcceptable(acceptable), extensions: { code: 'NOT_ACCEPTABLE' } });
    expect(jsonOnly.body.errors[0].message).toContain('multipart/mixed');
    expect(jsonOnly.body.errors[0].message).not.toContain('application/json');
  });

  it('registers and runs a deferring document as an automatic persisted query', async () => {
    const sha256Hash = createHash('sha256').update(POST_WITH_DEFERRED_REPLIES, 'utf8').digest('hex');
    const persistedQuery = { version: 1, sha256Hash };
    const registered = await multipartParts(stack, { query: POST_WITH_DEFERRED_REPLIES, variables: { id: postId }, extensions: { persistedQuery } });
    expect((await nextPart(registered.parts)).hasNext).toBe(true);
    await registered.parts.return(undefined);

    const byHash = await multipartParts(stack, { variables: { id: postId }, extensions: { persistedQuery } });
    const parts: Part[] = [];
    for await (const part of byHash.parts) parts.push((part as { body: Part }).body);
    expect(parts[0].data.post.title).toBe('댓글은 나중에');
    expect(parts.flatMap((part) => part.incremental ?? [])[0].data.replies.edges).toHaveLength(2);
  });

  it('delivers the deferred part as a further message over graphql-ws', async () => {
    const cleanups: Cleanups = [];
    try {
      const { results, errors } = collect(wsClient(stack.gateway.url, cleanups), cleanups, POST_WITH_DEFERRED_REPLIES, { id: postId });
      await until(() => results.some((result) => result.hasNext === false) || errors.length > 0);
      expect(errors).toEqual([]);
      expect(results[0]).toMatchObject({ data: { post: { title: '댓글은 나중에' } }, hasNext: true });
      expect(results.flatMap((result) => result.incremental ?? [])[0]).toMatchObject({ label: 'replies', path: ['post'] });
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
    }
  });
});

describe('@defer with persisted operations only', () => {
  const id = 'deferred-replies';
  const stack = useStack({ settings: { persistedOnly: true }, persisted: new PersistedOperations(new Map([[id, POST_WITH_DEFERRED_REPLIES]])) });

  it("runs a trusted document's deferred part", async () => {
    const posts = await stack.rest<{ results: { id: number }[] }>('/v1/community/?page=1');
    const postId = encodeGlobalID('Post', posts.results[0].id);
    const { parts } = await multipartParts(stack, { variables: { id: postId }, extensions: { persistedQuery: { version: 1, sha256Hash: id } } });
    const all: Part[] = [];
    for await (const part of parts) all.push((part as { body: Part }).body);
    expect(all[0]).toMatchObject({ data: { post: { id: postId } }, hasNext: true });
    expect(all.at(-1)?.hasNext).toBe(false);
    expect(all.flatMap((part) => part.incremental ?? [])[0]).toMatchObject({ label: 'replies', data: { replies: { edges: expect.any(Array) } } });
  });
});
