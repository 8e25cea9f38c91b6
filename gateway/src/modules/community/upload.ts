import { GraphQLError } from 'graphql';
import type { ImageJson } from '../../../../domain/api.js';
import { IMAGE_UPLOAD_LIMIT } from '../../../../domain/uploads.js';
import { builder } from '../../graphql/builder.js';
import { ensureWithin } from '../../server/limits/uploads.js';
import { NotAuthenticatedError, ValidationError } from '../../graphql/errors.js';
import { Image } from './image.js';

/** A file sent with the GraphQL multipart request specification (Yoga parses it into a web `File`). */
builder.scalarType('File', {
  description: 'GraphQL multipart request로 보낸 파일 (입력 전용)',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
});

builder.mutationField('uploadImage', (t) =>
  t.field({
    type: builder
      .objectRef<{ image: ImageJson }>('UploadImagePayload')
      .implement({ fields: (p) => ({ image: p.field({ type: Image, resolve: (payload) => payload.image }) }) }),
    description: '게시글 이미지 올리기: JPEG, PNG, GIF, WebP를 내용으로 확인합니다.',
    authScopes: { member: true },
    errors: { types: [ValidationError, NotAuthenticatedError], directResult: true },
    args: {
      input: t.arg({
        type: builder.inputType('UploadImageInput', { fields: (f) => ({ file: f.field({ type: 'File', required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_root, { input }, context) => ({ image: await context.community.uploadImage(ensureWithin(input.file, IMAGE_UPLOAD_LIMIT, 'input.file')) }),
  }),
);
