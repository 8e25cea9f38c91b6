import { readFile, readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_PREFLIGHT_MAX_AGE_SECONDS, GRAPHQL_LIMITS } from '../../domain/limits.js';
import { hardeningTexts } from '../../domain/messages.js';
import { PREFLIGHT_HEADERS } from '../../gateway/src/server/cors.js';
import { PersistedOperations } from '../../gateway/src/server/persisted.js';
import { startGatewayRig, type Stack } from '../helpers/stack.js';
import { startUpstream, type RunningUpstream } from '../helpers/upstream.js';

let upstream: RunningUpstream;
const rigs: Stack[] = [];
const persisted = PersistedOperations.load();

async function rigWith(options: Parameters<typeof startGatewayRig>[1] = {}) {
  const rig = await startGatewayRig(upstream, options);
  rigs.push(rig);
  return rig;
}

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  for (const rig of rigs) await rig.stop();
  await upstream?.stop();
});

/** The id and text of the web client's feed query, as relay-compiler persisted it. */
function persistedFeedQuery(): { id: string; text: string } {
  const id = persisted.ids().find((candidate) => /^query CommunityPageQuery\b/.test(persisted.get(candidate)!));
  if (!id) throw new Error('CommunityPageQuery is not in the persisted map: run `npm run relay`');
  return { id, text: persisted.get(id)! };
}

const byId = (id: string, variables: Record<string, unknown>) => ({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: id } } });

describe('trusted documents (relay-compiler persisted queries)', () => {
  it('runs a known id', async () => {
    const rig = await rigWith();
    const { id } = persistedFeedQuery();
    const answer = await rig.post(byId(id, { count: 3 }));
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.posts.edges).toHaveLength(3);
  });

  it('refuses an unknown id before any upstream call', async () => {
    const rig = await rigWith();
    const answer = await rig.post(byId('0'.repeat(64), { count: 3 }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toBe(hardeningTexts.persistedOperationNotFound);
    expect(answer.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('reads the id only from extensions.persistedQuery: a documentId or doc_id body is a request without a document', async () => {
    const rig = await rigWith();
    const { id } = persistedFeedQuery();
    for (const parameter of ['documentId', 'doc_id']) {
      const answer = await rig.post({ [parameter]: id, variables: { count: 1 } });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ message: hardeningTexts.queryMissing, extensions: { code: 'BAD_REQUEST' } });
    }
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('keeps arbitrary documents open by default, and refuses them with PERSISTED_ONLY', async () => {
    const open = await rigWith();
    expect((await open.graphql(`{ categories { name } }`)).errors).toBeUndefined();

    const closed = await rigWith({ settings: { persistedOnly: true } });
    const refused = await closed.post({ query: `{ categories { name } }` });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe(hardeningTexts.persistedOperationsOnly);
    expect(closed.upstreamCalls()).toBe(0);
    const { id } = persistedFeedQuery();
    expect((await closed.post(byId(id, { count: 1 }))).body.data.posts.edges).toHaveLength(1);
  });

  it('the generated Relay operations carry only an id, never their text', async () => {
    const directory = new URL('../../web/src/__generated__/', import.meta.url);
    let operations = 0;
    for (const file of await readdir(directory)) {
      if (!file.endsWith('.graphql.ts')) continue;
      const source = await readFile(new URL(file, directory), 'utf8');
      if (!source.includes('"params"')) continue;
      operations += 1;
      expect(source, file).toMatch(/"text": null/);
      expect(source, file).toMatch(/"id": "[0-9a-f]{32}"/);
    }
    expect(operations).toBeGreaterThan(0);
  });
});

describe('CSRF prevention and CORS', () => {
  it('refuses a simple GET or form-like POST without the CSRF header, and runs it with the header', async () => {
    const rig = await rigWith();
    const url = `${rig.gateway.url}/graphql?query=${encodeURIComponent('{ categories { name } }')}`;
    const refusedGet = await fetch(url, { headers: { accept: 'application/graphql-response+json' } });
    expect(refusedGet.status).toBe(403);
    // Told what a GET needs (a header, or a JSON POST), not the content type a GET has none of.
    const [getError] = (await refusedGet.json()).errors;
    expect(getError).toEqual({ message: hardeningTexts.csrfGetRefused(PREFLIGHT_HEADERS), extensions: { code: 'BAD_REQUEST' } });
    expect(getError.message).toContain('x-graphql-yoga-csrf');
    expect(getError.message).toContain('POST');
    const form = await fetch(`${rig.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ categories { name } }' }),
    });
    expect(form.status).toBe(403);
    expect((await form.json()).errors[0].message).toBe(hardeningTexts.csrfPostRefused(PREFLIGHT_HEADERS));
    expect(rig.upstreamCalls()).toBe(0);
    const allowed = await fetch(url, { headers: { accept: 'application/graphql-response+json', 'x-graphql-yoga-csrf': '1' } });
    expect(allowed.status).toBe(200);
  });

  it('sends no CORS headers unless CORS_ORIGINS names the origin', async () => {
    const closed = await rigWith();
    const preflight = (rig: Stack, origin: string) =>
      fetch(`${rig.gateway.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    expect((await preflight(closed, 'https://partner.example')).headers.get('access-control-allow-origin')).toBeNull();

    const open = await rigWith({ settings: { corsOrigins: ['https://partner.example'] } });
    expect((await preflight(open, 'https://partner.example')).headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect((await preflight(open, 'https://evil.example')).headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  const PARTNER = 'https://partner.example';
  const preflightTo = (rig: Stack, path: string, origin: string, method = 'POST', headers = 'content-type, authorization') =>
    fetch(`${rig.gateway.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
    });

  it('tells a preflight from an origin CORS_ORIGINS does not name that the origin is not allowed, on both GraphQL paths', async () => {
    const closed = await rigWith();
    const open = await rigWith({ settings: { corsOrigins: [PARTNER] } });
    for (const [rig, origin, path] of [
      [closed, PARTNER, '/graphql'],
      [closed, PARTNER, '/graphql/stream'],
      [open, 'https://evil.example', '/graphql'],
      [open, 'https://evil.example', '/graphql/stream'],
    ] as const) {
      const refused = await preflightTo(rig, path, origin);
      expect(refused.status, `${origin} ${path}`).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(await refused.json()).toEqual({ errors: [{ message: hardeningTexts.originNotAllowed(origin), extensions: { code: 'FORBIDDEN' } }] });
    }
    expect(closed.upstreamCalls() + open.upstreamCalls()).toBe(0);
  });

  it('answers an OPTIONS that is no cross-origin preflight (no Origin, or the gateway’s own) with the methods each path takes', async () => {
    const closed = await rigWith();
    for (const [path, methods] of [
      ['/graphql', 'GET, POST, OPTIONS'],
      ['/graphql/stream', 'GET, POST, PUT, DELETE, OPTIONS'],
    ] as const) {
      const bare = await fetch(`${closed.gateway.url}${path}`, { method: 'OPTIONS' });
      expect(bare.status, path).toBe(204);
      expect(bare.headers.get('allow')).toBe(methods);
      const own = await preflightTo(closed, path, new URL(closed.gateway.url).origin);
      expect(own.status, path).toBe(204);
      expect(own.headers.get('allow')).toBe(methods);
      expect(own.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(closed.upstreamCalls()).toBe(0);
  });

  it('lets an allowed origin read Retry-After and X-Request-ID, and keep its preflight for a while', async () => {
    const open = await rigWith({ settings: { corsOrigins: [PARTNER] } });
    const preflight = await preflightTo(open, '/graphql', PARTNER);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-max-age')).toBe(String(CORS_PREFLIGHT_MAX_AGE_SECONDS));

    const answer = await fetch(`${open.gateway.url}/graphql`, {
      method: 'POST',
      headers: { origin: PARTNER, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ categories { name } }' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER);
    const exposed = answer.headers.get('access-control-expose-headers')?.split(/,\s*/) ?? [];
    expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'x-request-id']));

    // Refused before Yoga sees it: still readable by the page that sent it.
    const tooLarge = await fetch(`${open.gateway.url}/graphql`, {
      method: 'POST',
      headers: { origin: PARTNER, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ categories { name } }', variables: { padding: 'x'.repeat(GRAPHQL_LIMITS.maxBodyBytes) } }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(tooLarge.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });

  it("lets an allowed origin use GraphQL over SSE's single connection stream (PUT, DELETE and its token header)", async () => {
    const open = await rigWith({ settings: { corsOrigins: [PARTNER] } });
    const preflight = await preflightTo(open, '/graphql/stream', PARTNER, 'PUT', 'authorization, x-graphql-event-stream-token');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(preflight.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    expect(preflight.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'x-graphql-event-stream-token']),
    );

    const reserved = await fetch(`${open.gateway.url}/graphql/stream`, { method: 'PUT', headers: { origin: PARTNER } });
    expect(reserved.status).toBe(201);
    expect(reserved.headers.get('access-control-allow-origin')).toBe(PARTNER);
    const token = await reserved.text();
    // Stopping an operation of the stream (graphql-sse's client sends this when one completes on its side).
    const stopped = await fetch(`${open.gateway.url}/graphql/stream?operationId=1`, {
      method: 'DELETE',
      headers: { origin: PARTNER, 'x-graphql-event-stream-token': token },
    });
    expect(stopped.status).toBeLessThan(300);
    expect(stopped.headers.get('access-control-allow-origin')).toBe(PARTNER);
  });

  it('lets pages on other origins show media when CORS_ORIGINS is set, and keeps them same-site otherwise', async () => {
    const closed = await rigWith();
    const open = await rigWith({ settings: { corsOrigins: [PARTNER] } });
    const media = (rig: Stack) => fetch(`${rig.gateway.url}/media/avatars/avatar-mint.svg`, { headers: { origin: PARTNER } });
    const [closedMedia, openMedia] = await Promise.all([media(closed), media(open)]);
    expect(closedMedia.status).toBe(200);
    expect(closedMedia.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(openMedia.status).toBe(200);
    expect(openMedia.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // The rest of the answer's protections stay.
    expect(openMedia.headers.get('content-security-policy')).toBe(closedMedia.headers.get('content-security-policy'));
  });
});

describe('introspection, suggestions and GraphiQL', () => {
  const misspelt = `{ categoriez { name } }`;

  it('are on by default: introspection answers, errors suggest, GraphiQL is served', async () => {
    const rig = await rigWith();
    expect((await rig.graphql(`{ __schema { queryType { name } } }`)).data.__schema.queryType.name).toBe('Query');
    expect((await rig.graphql(misspelt)).errors?.[0].extensions?.reason).toMatch(/Did you mean/);
    const page = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toMatch(/graphiql/i);
  });

  it('with GRAPHQL_INTROSPECTION=false and GRAPHIQL=false: no introspection, no suggestion, no GraphiQL', async () => {
    const rig = await rigWith({ settings: { introspection: false, graphiql: false } });
    for (const query of [`{ __schema { queryType { name } } }`, `{ __type(name: "Post") { name } }`]) {
      const answer = await rig.post({ query });
      expect(answer.status).toBe(400);
      expect(answer.body.data ?? null).toBeNull();
    }
    const suggestion = await rig.graphql(misspelt);
    expect(suggestion.errors?.[0].extensions?.reason).toMatch(/Cannot query field "categoriez"/);
    expect(JSON.stringify(suggestion.errors)).not.toMatch(/Did you mean|categories/);
    const page = await fetch(`${rig.gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
    // Ordinary queries still run, __typename included.
    expect((await rig.graphql(`{ __typename categories { name } }`)).errors).toBeUndefined();
  });
});
