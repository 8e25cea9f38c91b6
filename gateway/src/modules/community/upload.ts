import { GraphQLError } from 'graphql';
import { IMAGE_MIME_TYPES } from '../../../../domain/index.js';
import { IMAGE_UPLOAD_LIMIT, megabytes } from '../../../../domain/uploads.js';
import { builder } from '../../graphql/builder.js';
import { ensureWithin } from '../../graphql/uploads.js';
import { NotAuthenticatedError, ValidationError } from '../../graphql/errors.js';
import { payloadMutation } from '../../graphql/mutations.js';
import { Image } from './image.js';

/** A file sent with the GraphQL multipart request specification (Yoga parses it into a web `File`). */
builder.scalarType('File', {
  description: 'A file sent with the GraphQL multipart request specification. Input only.',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
});

payloadMutation('uploadImage', {
  description: `Upload a picture for a post, then pass its id in \`imageIds\`. Members only. The file must be one of ${IMAGE_MIME_TYPES.join(', ')} (checked by its content) and at most ${megabytes(IMAGE_UPLOAD_LIMIT.maxBytes)} MB.`,
  errors: [ValidationError, NotAuthenticatedError],
  input: (f) => ({ file: f.field({ type: 'File', required: true, description: 'The picture.' }) }),
  payload: { image: Image },
  upstreamNames: { image: 'file' },
  resolve: async (input, context) => ({ image: await context.community.uploadImage(ensureWithin(input.file, IMAGE_UPLOAD_LIMIT, ['input', 'file'])) }),
});
