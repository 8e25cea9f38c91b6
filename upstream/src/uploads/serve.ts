import { join, sep } from 'node:path';
import type { FastifyReply } from 'fastify';
import { MEDIA_CACHE_SECONDS } from '../../../domain/limits.js';
import { MEDIA_CONTENT_SECURITY_POLICY, shownInline } from '../../../domain/uploads.js';
import { INQUIRY_UPLOADS_SUBFOLDER, UPLOADS_FOLDER } from './images.js';

/**
 * Headers for every file served under `/media/` (@fastify/static's `setHeaders`, which runs after its own
 * ETag, Last-Modified and Range headers): nosniff, a media-only CSP, caching by where the file lives, and
 * `attachment` for anything a browser should not render as a page.
 */
export function mediaHeaders(mediaDir: string) {
  const uploadsRoot = mediaDir.endsWith(sep) ? mediaDir : mediaDir + sep;
  const privateRoot = join(uploadsRoot, UPLOADS_FOLDER, INQUIRY_UPLOADS_SUBFOLDER) + sep;
  return (reply: FastifyReply, path: string): void => {
    const uploaded = path.startsWith(uploadsRoot);
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    // An inquiry's files are the member's own (a receipt): kept by their browser, never by a shared cache or CDN.
    const audience = path.startsWith(privateRoot) ? 'private' : 'public';
    reply.header(
      'cache-control',
      uploaded ? `${audience}, max-age=${MEDIA_CACHE_SECONDS.uploaded}, immutable` : `public, max-age=${MEDIA_CACHE_SECONDS.bundled}`,
    );
    // The bundled demo pictures are SVG: ours, and inert under the CSP; an uploaded SVG (uploads never accept one) is a download.
    if (!shownInline(type, { bundledSvg: !uploaded })) reply.header('content-disposition', 'attachment');
  };
}
