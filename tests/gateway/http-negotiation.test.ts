import { describe, expect, it } from 'vitest';
import { hardeningTexts } from '../../domain/messages.js';
import { users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const rig = useStack();

/** A query over GET with the given Accept (and the CSRF header every non-browser client sends). */
function ask(accept: string | undefined, method: 'GET' | 'HEAD' = 'GET', query = '{ categories { name } }') {
  const headers: Record<string, string> = { 'x-graphql-yoga-csrf': '1' };
  if (accept !== undefined) headers.accept = accept;
  return fetch(`${rig.gateway.url}/graphql?query=${encodeURIComponent(query)}`, { method, headers });
}

const mediaType = (response: Response) => response.headers.get('content-type')?.split(';')[0];

describe('content negotiation by Accept', () => {
  it('takes the type with the higher q-value, wherever it is listed', async () => {
    const preferred = await ask('application/json;q=0.5, application/graphql-response+json;q=0.9');
    expect(preferred.status).toBe(200);
    expect(mediaType(preferred)).toBe('application/graphql-response+json');
    expect((await preferred.json()).data.categories.length).toBeGreaterThan(0);

    const other = await ask('application/graphql-response+json;q=0.4, application/json');
    expect(mediaType(other)).toBe('application/json');
  });

  it('never sends a type the client refused with q=0', async () => {
    const answer = await ask('application/graphql-response+json;q=0, */*');
    expect(answer.status).toBe(200);
    expect(mediaType(answer)).toBe('application/json');
  });

  it('keeps plain JSON for */* and for no Accept at all', async () => {
    expect(mediaType(await ask('*/*'))).toBe('application/json');
    expect(mediaType(await ask(undefined))).toBe('application/json');
    expect(mediaType(await ask('application/graphql-response+json, application/json'))).toBe('application/graphql-response+json');
  });

  it('answers 406 with a GraphQL error body when nothing acceptable is offered', async () => {
    for (const accept of ['image/png', 'application/json;q=0', 'application/json; charset=iso-8859-1']) {
      const answer = await ask(accept);
      expect(answer.status, accept).toBe(406);
      expect(mediaType(answer)).toBe('application/json');
      const body = await answer.json();
      const acceptable = ['application/json', 'application/graphql-response+json', 'text/event-stream'];
      expect(body).toEqual({ errors: [{ message: hardeningTexts.notAcceptable(acceptable), extensions: { code: 'NOT_ACCEPTABLE' } }] });
    }
  });
});

describe('HEAD /graphql', () => {
  it('answers a browser as GET does: GraphiQL, with the same type and length, and no body', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const get = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept } });
    const head = await fetch(`${rig.gateway.url}/graphql`, { method: 'HEAD', headers: { accept } });
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(mediaType(head)).toBe('text/html');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(head.headers.get('content-encoding')).toBe(get.headers.get('content-encoding'));
    expect(await head.text()).toBe('');
  });

  it('answers a query as GET does, refusals included', async () => {
    const head = await ask('application/graphql-response+json', 'HEAD');
    expect(head.status).toBe(200);
    expect(mediaType(head)).toBe('application/graphql-response+json');

    expect((await ask('image/png', 'HEAD')).status).toBe(406);
    expect((await ask(undefined, 'HEAD', 'mutation { __typename }')).status).toBe(405);
  });
});

describe("GraphiQL's page", () => {
  it('is sent brotli- or gzip-encoded to clients accepting either, whole to the others, and revalidated by its ETag', async () => {
    const accept = 'text/html';
    const brotli = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept, 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    const html = await brotli.text();
    expect(html).toContain('CommunityFeed');
    const gzipped = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept, 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(html);
    expect(Number(gzipped.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(html) / 2);
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(Number(gzipped.headers.get('content-length')));

    const whole = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept, 'accept-encoding': 'identity' } });
    expect(whole.headers.get('content-encoding')).toBeNull();
    expect(await whole.text()).toBe(html);

    // Opened again: the browser asks with the ETag it has and gets 304, no 9 MB.
    const etag = brotli.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(whole.headers.get('etag')).toBe(etag);
    expect(brotli.headers.get('cache-control')).toBe('no-cache');
    const again = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept, 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('subscriptions over server-sent events (distinct connections: one operation per request)', () => {
  it('streams a postChanged event when a member likes the post', async () => {
    const [member] = await rig.upstream.db.insert(users).values({ email: 'sse-liker@example.com', nickname: 'SSE회원' }).returning({ id: users.id });
    const token = await rig.upstream.issueToken(member.id);
    const post = (await rig.graphql('{ posts(first: 1) { edges { node { id likeCount } } } }')).data.posts.edges[0].node;

    const stop = new AbortController();
    const stream = await fetch(`${rig.gateway.url}/graphql`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }', variables: { id: post.id } }),
      signal: stop.signal,
    });
    expect(stream.status).toBe(200);
    expect(mediaType(stream)).toBe('text/event-stream');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const firstEvent = (async () => {
      while (!/event: next\ndata: .*\n/.test(received)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
      return JSON.parse(/event: next\ndata: (.*)\n/.exec(received)![1]);
    })();

    // Likes (toggled) until one reaches the stream: the subscription may start listening just after its headers.
    const toggle = 'mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount } } } }';
    const counts: number[] = [];
    let event: any;
    while (!event) {
      counts.push((await rig.graphql(toggle, { id: post.id }, token)).data.togglePostLike.post.likeCount);
      event = await Promise.race([firstEvent, new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
    expect(event.data.postChanged.id).toBe(post.id);
    expect(counts).toContain(event.data.postChanged.likeCount);
    stop.abort();
  });
});
