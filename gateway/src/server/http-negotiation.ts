import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { createGraphQLError, getSSEProcessor, isAsyncIterable, processRegularResult, type Plugin } from 'graphql-yoga';
import { hardeningTexts } from '../../../domain/messages.js';

type ResultProcessor = typeof processRegularResult;

const UTF8 = '; charset=utf-8';

/**
 * What one answer can be sent as, in the order taken when the client rates several alike: plain JSON first, so `*\/*`
 * or no Accept at all still gets `application/json`. A subscription's stream goes only as server-sent events; the parts
 * of an operation with @defer or @stream (incremental delivery) as multipart/mixed, the format incremental clients
 * read (Relay with meros, Apollo Client), or as server-sent events. Clients name multipart with the version of the
 * incremental format they read (`deferSpec=20220824`, the one Yoga writes), so the offer carries it too: an Accept
 * parameter must match one of the offer's.
 */
const SINGLE_RESULT_TYPES = ['application/json', 'application/graphql-response+json', 'text/event-stream'];
const SUBSCRIPTION_TYPES = ['text/event-stream'];
const MULTIPART = 'multipart/mixed';
const INCREMENTAL_TYPES = [`${MULTIPART}; deferSpec=20220824`, 'text/event-stream'];

/** The types as offered to the negotiator: only UTF-8 is spoken, so an Accept naming another charset matches none. */
const offer = (types: string[]) => types.map((type) => type + UTF8);

/**
 * The type chosen for an Accept header among `types`. A client sends the same Accept with every request, so each is
 * parsed once per list of types (a bounded cache: the header is the client's to choose); null when none matches.
 */
const chosenTypes = new Map(
  [SINGLE_RESULT_TYPES, SUBSCRIPTION_TYPES, INCREMENTAL_TYPES].map((types) => [
    types,
    new LRUCache<string, { type: string | null }>({ max: 256, maxSize: 64 * 1024, sizeCalculation: (_choice, accept) => accept.length + 1 }),
  ]),
);
function chosenType(accept: string, types: string[]): string | null {
  const cache = chosenTypes.get(types)!;
  let choice = cache.get(accept);
  if (!choice) {
    const negotiator = new Negotiator({ headers: { accept } });
    choice = { type: negotiator.mediaType(offer(types))?.slice(0, -UTF8.length).split(';')[0] ?? null };
    cache.set(accept, choice);
  }
  return choice.type;
}

/** The 406 answer, naming what this kind of operation can be sent as (multipart/mixed for @defer, say). */
function notAcceptable(types: string[]): ResultProcessor {
  const message = hardeningTexts.notAcceptable(types);
  return (_result, fetchAPI) =>
    new fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: 'NOT_ACCEPTABLE' } }] }), {
      status: 406,
      headers: { 'content-type': `application/json${UTF8}`, accept: offer(types).join(', ') },
    });
}

/**
 * Content negotiation by the Accept header's q-values (RFC 9110 §12.5.1; `q=0` refuses a type), where Yoga takes the
 * first listed type its own order prefers and ignores q. An Accept nothing matches gets a 406 with a GraphQL error
 * body instead of an empty `null`. Runs after Yoga's result processors and overrides their choice.
 */
export function useAcceptNegotiation(): Plugin {
  const sse = getSSEProcessor();
  const subscriptions = new WeakSet<Request>();
  return {
    onSubscribe({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      if (request) subscriptions.add(request);
    },
    onResultProcess({ request, result, resultProcessor, setResultProcessor }) {
      const types = !isAsyncIterable(result) ? SINGLE_RESULT_TYPES : subscriptions.has(request) ? SUBSCRIPTION_TYPES : INCREMENTAL_TYPES;
      const chosen = chosenType(request.headers.get('accept') || '*/*', types);
      if (!chosen) setResultProcessor(notAcceptable(types), 'application/json');
      // Yoga does not export its multipart writer, but it has already chosen it: for an incremental result it takes
      // multipart whenever the Accept matches it at all.
      else if (chosen === MULTIPART && resultProcessor) setResultProcessor(resultProcessor, MULTIPART);
      else setResultProcessor(chosen === 'text/event-stream' ? sse : processRegularResult, chosen);
    },
  };
}

/** What answers the GET a HEAD stands for: the Yoga server itself (its `fetch` runs every hook, GraphiQL's too). */
export interface GetHandler {
  fetch(request: Request, serverContext: Record<string, unknown>): Response | Promise<Response>;
}

/**
 * HEAD /graphql answers what GET would: GraphiQL's page for a browser's Accept, the query's status and headers
 * otherwise (Yoga itself treats HEAD as an unsupported method). The GET runs through the whole pipeline, so its
 * checks (CSRF, limits, persisted operations) apply alike; its body is left for the HTTP server to drop, as Node's
 * does for every HEAD, so `Content-Length` stays the GET's.
 */
export function useHeadAsGet(server: () => GetHandler): Plugin {
  return {
    async onRequest({ request, serverContext, fetchAPI, endResponse }) {
      if (request.method !== 'HEAD') return;
      const get = new fetchAPI.Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal });
      endResponse(await server().fetch(get, serverContext as Record<string, unknown>));
    },
  };
}

/** The GET parameters Yoga reads as JSON. */
const JSON_PARAMETERS = ['variables', 'extensions'];

/**
 * A GET whose `variables` or `extensions` is not JSON is the client's mistake: Yoga's GET parser meets it as a
 * SyntaxError of its own `JSON.parse`, which it answers as a server error (500). Refused first, naming the parameter.
 */
export function useJsonSearchParameters(): Plugin {
  return {
    onRequestParse({ request, url }) {
      if (request.method !== 'GET') return;
      for (const name of JSON_PARAMETERS) {
        const text = url.searchParams.get(name);
        if (!text) continue;
        try {
          JSON.parse(text);
        } catch {
          throw createGraphQLError(hardeningTexts.parameterInvalid(name), { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
        }
      }
    },
  };
}
