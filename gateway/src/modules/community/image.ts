import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import type { ImageJson } from '../../../../domain/api.js';

/** An uploaded image. Its id is global so Relay's store never confuses it with another type's record. */
export const Image = builder.objectRef<ImageJson>('Image').implement({
  fields: (t) => ({
    id: t.id({ resolve: (image) => encodeGlobalID('Image', image.id) }),
    url: t.string({ resolve: (parent, _args, context) => context.mediaUrl(parent.url) }),
    thumbnailUrl: t.string({ nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.thumbnail_url) }),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    size: t.exposeInt('size', { nullable: true }),
    mimeType: t.exposeString('mime_type', { nullable: true }),
  }),
});
