import { sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import { INLINE_MEDIA_TYPES, MEDIA_CACHE_SECONDS } from '../../../domain/limits.js';

/** A file opened directly (not through `<img>`/`<video>`) may show itself but never run script or load anything. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const inline = new Set<string>(INLINE_MEDIA_TYPES);
/**
 * The bundled demo pictures are SVG: ours, without script, and the CSP above would stop any anyway, so they
 * stay inline for whoever opens one directly. An uploaded SVG is never inline (uploads never accept SVG).
 */
const inlineBundled = new Set<string>([...INLINE_MEDIA_TYPES, 'image/svg+xml']);

/**
 * Headers for every file served under `/media/` (@fastify/static's `setHeaders`, which runs after its own
 * ETag, Last-Modified and Range headers): nosniff, a media-only CSP, caching by where the file lives, and
 * `attachment` for anything a browser should not render as a page.
 */
export function mediaHeaders(mediaDir: string) {
  const uploadsRoot = mediaDir.endsWith(sep) ? mediaDir : mediaDir + sep;
  return (reply: FastifyReply, path: string): void => {
    const uploaded = path.startsWith(uploadsRoot);
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    reply.header('cache-control', uploaded ? `public, max-age=${MEDIA_CACHE_SECONDS.uploaded}, immutable` : `public, max-age=${MEDIA_CACHE_SECONDS.bundled}`);
    if (!(uploaded ? inline : inlineBundled).has(type)) reply.header('content-disposition', 'attachment');
  };
}
