import replyFrom from '@fastify/reply-from';
import type { FastifyInstance } from 'fastify';
import { UPSTREAM_RESILIENCE } from '../../../domain/limits.js';
import { MEDIA_CONTENT_SECURITY_POLICY, shownInline } from '../../../domain/uploads.js';
import { errorMessages } from '../../../domain/messages.js';

/**
 * Media URLs as browsers on any machine can load them. The upstream names its media with paths on its own
 * origin (`/media/uploads/….jpeg`); the gateway serves those same paths itself (see `serveMedia`), so a
 * path stays relative (resolved against the page or the GraphQL endpoint the client called) or, with
 * PUBLIC_URL, becomes absolute on the gateway's public address. Absolute URLs (the real API's CDN, an
 * admin's link) pass through unchanged. The request's Host header is never used.
 */
export interface MediaUrl {
  (url: string): string;
  (url: string | null | undefined): string | null;
}

export function mediaUrlFor(publicUrl: string | undefined): MediaUrl {
  return ((url: string | null | undefined) => {
    if (!url) return url ?? null;
    if (!publicUrl || !url.startsWith('/') || url.startsWith('//')) return url;
    return `${publicUrl}${url}`;
  }) as MediaUrl;
}

/** Request headers a media fetch may carry upstream: conditional and range requests, never credentials or cookies. */
const FORWARDED_REQUEST_HEADERS = ['range', 'if-range', 'if-none-match', 'if-modified-since', 'accept'];
/** What the upstream's media answer may tell the browser. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'content-disposition',
];

function pick<T extends Record<string, unknown>>(headers: T, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

function insideMedia(path: string): boolean {
  try {
    return !decodeURIComponent(path).split('/').includes('..');
  } catch {
    return false;
  }
}

/**
 * `/media/*` on the gateway's own origin, streamed from the upstream's `/media/*` (@fastify/reply-from over an
 * undici pool): range requests and revalidation pass through, so videos seek and pictures cache by ETag.
 * Whatever the upstream says, the answer never runs as active content: `nosniff`, a sandboxing CSP, and
 * anything that is not a picture or video we show inline is a download. `crossOrigin` (CORS_ORIGINS is set): other
 * sites' pages may embed them (`Cross-Origin-Resource-Policy: cross-origin`).
 */
export async function serveMedia(app: FastifyInstance, upstreamUrl: string, { crossOrigin = false } = {}): Promise<void> {
  await app.register(replyFrom, {
    base: new URL(upstreamUrl).origin,
    undici: {
      connections: UPSTREAM_RESILIENCE.maxConcurrent,
      connectTimeout: UPSTREAM_RESILIENCE.connectTimeoutMs,
      headersTimeout: 10_000,
      bodyTimeout: 30_000,
    },
    disableRequestLogging: true,
  });
  app.get('/media/*', (request, reply) => {
    const [path] = request.url.split('?', 1);
    // Only files under /media: no way back out to the upstream's API routes.
    if (!insideMedia(path)) return reply.status(404).send({ status: 404, message: errorMessages.NOT_FOUND });
    // The query goes along: an inquiry's files open only with the expiring signature the upstream put in their address.
    return reply.from(request.url, {
      // With this request's id, as every upstream call carries it: one id finds the media request in both logs.
      rewriteRequestHeaders: (_request, headers) => ({ ...pick(headers, FORWARDED_REQUEST_HEADERS), 'x-request-id': request.id }) as typeof headers,
      rewriteHeaders: (headers) => {
        const kept = pick(headers, FORWARDED_RESPONSE_HEADERS);
        const type = String(headers['content-type'] ?? '');
        return {
          ...kept,
          'x-content-type-options': 'nosniff',
          'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY,
          // With CORS_ORIGINS set, pages on other origins show the API's pictures and videos (the app's own headers say same-site).
          ...(crossOrigin ? { 'cross-origin-resource-policy': 'cross-origin' } : {}),
          // The wrapped API's SVGs may be its own drawings (ours are): the CSP keeps any script in one inert.
          ...(shownInline(type, { bundledSvg: true })
            ? {}
            : { 'content-disposition': String(kept['content-disposition'] ?? '').startsWith('attachment') ? kept['content-disposition'] : 'attachment' }),
        } as typeof headers;
      },
      onResponse: (_request, mediaReply, response) => {
        // A refusal (an expired inquiry link, a removed file) is shown, not downloaded: a browser told to download an
        // error answer shows its own ERR_INVALID_RESPONSE page instead of our words.
        if (response.statusCode >= 400) mediaReply.removeHeader('content-disposition');
        mediaReply.send(response.stream);
      },
      onError: (errorReply) => {
        errorReply.status(502).send({ status: 502, message: errorMessages.SERVICE_UNAVAILABLE });
      },
    });
  });
}
