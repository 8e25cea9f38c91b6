import type { BadgeJson, ImageJson, UserSummaryJson } from '../../domain/api.js';
import type { BadgeRow, ImageRow, UserRow } from './db/schema.js';
import { isPrivateMediaPath, type MediaSigner } from './uploads/signed-media.js';

/** Turns stored media paths into the URLs clients load them from. */
export type MediaUrl = (path: string | null) => string | null;

/**
 * Stored paths become `/media/<path>`, root-relative, so whoever serves the API (the gateway proxies
 * `/media/*`) serves the files from its own origin; with the operator's `publicUrl` they become
 * `<publicUrl>/media/<path>`. Never built from the request's Host, which any client can forge.
 * Stored absolute URLs (a provider's picture) pass through unchanged. An inquiry's files get an expiring signature
 * (uploads/signed-media.ts).
 */
export function mediaUrlFor(publicUrl: string | undefined, signer: MediaSigner): MediaUrl {
  const base = publicUrl ? publicUrl.replace(/\/+$/, '') : '';
  return (path) => {
    if (!path) return null;
    if (/^https?:\/\//i.test(path)) return path;
    const file = path.replace(/^\/+/, '').replace(/^media\//, '');
    return `${base}/media/${file}${isPrivateMediaPath(file) ? `?${signer.sign(file)}` : ''}`;
  };
}

/** What a 201 answers for a created record (a report, a block): its id and when it was made. */
export function serializeCreated(row: { id: number; createdAt: Date }): { id: number; created_at: string } {
  return { id: row.id, created_at: row.createdAt.toISOString() };
}

export function serializeImage(image: ImageRow, media: MediaUrl): ImageJson {
  return {
    id: image.id,
    url: media(image.url)!,
    thumbnail_url: media(image.thumbnailUrl),
    display_url: media(image.displayUrl),
    width: image.width,
    height: image.height,
    size: image.size,
    mime_type: image.mimeType,
  };
}

export function serializeBadge(badge: BadgeRow, media: MediaUrl): BadgeJson {
  return { id: badge.id, title: badge.title, hex_code: badge.hexCode, image: media(badge.image), grade: badge.grade };
}

/** The e-mail address is private: only its owner sees it. */
export function serializeUser(
  { user, representBadge }: { user: UserRow; representBadge: BadgeRow | null },
  media: MediaUrl,
  viewerId: number | null,
): UserSummaryJson {
  return {
    id: user.id,
    uuid: user.uuid,
    nickname: user.nickname,
    profile_image: media(user.profileImage),
    email: viewerId === user.id ? user.email : null,
    represent_badge: representBadge ? serializeBadge(representBadge, media) : null,
  };
}
