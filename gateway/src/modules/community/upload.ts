import { GraphQLError } from 'graphql';
import { IMAGE_MIME_TYPES, validationTexts } from '../../../../domain/index.js';
import { IMAGE_UPLOAD_LIMIT, megabytes } from '../../../../domain/uploads.js';
import { builder } from '../../graphql/builder.js';
import { ensureWithin } from '../../graphql/uploads.js';
import { NotAuthenticatedError, ValidationError } from '../../graphql/errors.js';
import { payloadMutation } from '../../graphql/mutations.js';
import { Image } from './image.js';

/**
 * Yoga's multipart parsing puts a web `File` where the map names a variable (its own fetch's `File`, told by its
 * shape rather than by `instanceof`); anything else there was sent in JSON or inline.
 */
function isFile(value: unknown): value is File {
  const file = value as Partial<File> | null;
  return typeof file === 'object' && file !== null && typeof file.arrayBuffer === 'function' && typeof file.size === 'number' && typeof file.name === 'string';
}

/** A value that is not a file where a `File` goes: the client's mistake, refused before the operation runs. */
const notAFile = () => new GraphQLError(validationTexts.file, { extensions: { code: 'BAD_REQUEST' } });

/** A file sent with the GraphQL multipart request specification (Yoga parses it into a web `File`). */
builder.scalarType('File', {
  description:
    'A file sent with the GraphQL multipart request specification. Input only: a variable given any other value (a string, a number, an object), or a value written in the document, is refused with `BAD_REQUEST`.',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
  parseValue: (value) => {
    if (!isFile(value)) throw notAFile();
    return value;
  },
  // A document cannot carry a file: only a variable the multipart map fills can.
  parseLiteral: () => {
    throw notAFile();
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
