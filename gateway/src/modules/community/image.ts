import { NotFoundError } from '../../graphql/errors.js';
import { upstreamNode } from '../../graphql/nodes.js';
import type { ImageJson } from '../../../../domain/api.js';
import { IMAGE_DISPLAY_MAX_PX } from '../../../../domain/limits.js';

/** An image with the post that shows it; a just-uploaded image has no post yet. */
export type PostImage = ImageJson & { postId?: number };

/**
 * The REST API reads an image only with the post that shows it: the key is `<postId>/<imageId>`. An upload not
 * yet on a post has the bare `<imageId>` (what createPost takes) and nothing to read it by, so node() answers
 * NOT_FOUND for it.
 */
export const Image = upstreamNode<PostImage>('Image', {
  id: (image) => (image.postId === undefined ? image.id : `${image.postId}/${image.id}`),
  key: /^(\d{1,10}\/)?\d{1,10}$/,
  read: async (key, context) => {
    const [postId, id] = key.split('/').map(Number);
    const image = id === undefined ? undefined : (await context.community.post(postId, { countView: false })).images?.find((candidate) => candidate.id === id);
    if (!image) throw new NotFoundError();
    return { ...image, postId };
  },
});

Image.implement({
  description: "An uploaded picture. On a post its id names the post too; a fresh upload's id is what `createPost` and `updatePost` take in `imageIds`.",
  fields: (t) => ({
    url: t.field({ type: 'URL', description: 'The picture at full size.', resolve: (parent, _args, context) => context.mediaUrl(parent.url) }),
    thumbnailUrl: t.field({
      type: 'URL',
      nullable: true,
      description: 'A smaller version for lists; null when there is none (use `url`).',
      resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnail_url),
    }),
    displayUrl: t.field({
      type: 'URL',
      description: `The picture sized for a screen, at most ${IMAGE_DISPLAY_MAX_PX} pixels on its longest side (WebP): what a post's detail shows, \`url\` being the original.`,
      resolve: (parent, _args, context) => context.mediaUrl(parent.display_url ?? parent.url),
    }),
    width: t.exposeInt('width', { nullable: true, description: 'Width in pixels; null when unknown.' }),
    height: t.exposeInt('height', { nullable: true, description: 'Height in pixels; null when unknown.' }),
    size: t.exposeInt('size', { nullable: true, description: 'File size in bytes; null when unknown.' }),
    mimeType: t.exposeString('mime_type', { nullable: true, description: 'The media type, e.g. `image/png`; null when unknown.' }),
  }),
});
