import { NotFoundError } from '../../graphql/errors.js';
import { upstreamNode } from '../../graphql/nodes.js';
import type { ImageJson } from '../../../../domain/api.js';

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
    const image = id === undefined ? undefined : (await context.community.post(postId)).images?.find((candidate) => candidate.id === id);
    if (!image) throw new NotFoundError();
    return { ...image, postId };
  },
});

Image.implement({
  description:
    "An uploaded picture. On a post its id names the post too and it is read through the post; a fresh upload's id is what createPost and updatePost take.",
  fields: (t) => ({
    url: t.field({ type: 'URL', resolve: (parent, _args, context) => context.mediaUrl(parent.url) }),
    thumbnailUrl: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnail_url) }),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    size: t.exposeInt('size', { nullable: true }),
    mimeType: t.exposeString('mime_type', { nullable: true }),
  }),
});
