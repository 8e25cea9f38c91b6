import { sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import { MEDIA_CACHE_SECONDS } from '../../../domain/limits.js';
import { MEDIA_CONTENT_SECURITY_POLICY, shownInline } from '../../../domain/uploads.js';

/**
 * Headers for every file served under `/media/` (@fastify/static's `setHeaders`, which runs after its own
 * ETag, Last-Modified and Range headers): nosniff, a media-only CSP, caching by where the file lives, and
 * `attachment` for anything a browser should not render as a page.
 */
export function mediaHeaders(mediaDir: string) {
  const uploadsRoot = mediaDir.endsWith(sep) ? mediaDir : mediaDir + sep;
  return (reply: FastifyReply, path: string): void => {
    const uploaded = path.startsWith(uploadsRoot);
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    reply.header('cache-control', uploaded ? `public, max-age=${MEDIA_CACHE_SECONDS.uploaded}, immutable` : `public, max-age=${MEDIA_CACHE_SECONDS.bundled}`);
    // The bundled demo pictures are SVG: ours, and inert under the CSP; an uploaded SVG (uploads never accept one) is a download.
    if (!shownInline(type, { bundledSvg: !uploaded })) reply.header('content-disposition', 'attachment');
  };
}
