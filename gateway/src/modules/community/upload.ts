import { GraphQLError } from 'graphql';
import { IMAGE_UPLOAD_LIMIT } from '../../../../domain/uploads.js';
import { builder } from '../../graphql/builder.js';
import { ensureWithin } from '../../graphql/uploads.js';
import { NotAuthenticatedError, ValidationError } from '../../graphql/errors.js';
import { payloadMutation } from '../../graphql/mutations.js';
import { Image } from './image.js';

/** A file sent with the GraphQL multipart request specification (Yoga parses it into a web `File`). */
builder.scalarType('File', {
  description: 'GraphQL multipart request로 보낸 파일 (입력 전용)',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
});

payloadMutation('uploadImage', {
  description: '게시글 이미지 올리기: JPEG, PNG, GIF, WebP를 내용으로 확인합니다.',
  errors: [ValidationError, NotAuthenticatedError],
  input: (f) => ({ file: f.field({ type: 'File', required: true }) }),
  payload: { image: Image },
  upstreamNames: { image: 'file' },
  resolve: async (input, context) => ({ image: await context.community.uploadImage(ensureWithin(input.file, IMAGE_UPLOAD_LIMIT, ['input', 'file'])) }),
});
