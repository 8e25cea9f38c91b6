import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hardeningTexts, validationTexts } from '../../domain/index.js';
import { posts, users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const logLines: string[] = [];
const stack = useStack({ logStream: { write: (line: string) => void logLines.push(line) } });
let token: string;
let staffToken: string;
let postId: string;

beforeAll(async () => {
  const [member] = await stack.upstream.db.select().from(users).where(eq(users.isStaff, false)).limit(1);
  const [staff] = await stack.upstream.db.select().from(users).where(eq(users.isStaff, true)).limit(1);
  [token, staffToken] = await Promise.all([member.id, staff.id].map((id) => stack.upstream.issueToken(id)));
  const [post] = await stack.upstream.db.select().from(posts).limit(1);
  postId = encodeGlobalID('Post', post.id);
}, 30_000);

describe('bad input through GraphQL', () => {
  it('a NUL character in a title or a reply answers ValidationError naming the field, not a server error', async () => {
    const post = await stack.graphql(
      `mutation ($input: CreatePostInput!) { createPost(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { title: '제목\u0000', content: '내용' } },
      token,
    );
    expect(post.errors).toBeUndefined();
    expect(post.data.createPost).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'title'], message: validationTexts.nulCharacter }] });

    const reply = await stack.graphql(
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
      { input: { postId, content: '댓글\u0000' } },
      token,
    );
    expect(reply.data.createReply).toEqual({ __typename: 'ValidationError', issues: [{ path: ['input', 'content'], message: validationTexts.nulCharacter }] });
  });
});

/** Every mutation taking a `File`, with its input around the file variable `$f` (a list for notice attachments). */
const FILE_MUTATIONS = [
  ['uploadImage', 'File!', '{ file: $f }'],
  ['uploadProfileImage', 'File!', '{ file: $f }'],
  ['createStory', 'File!', '{ media: $f, type: IMAGE }'],
  ['createNotice', '[File!]', '{ title: "공지", content: "내용", attachments: $f }'],
] as const;

describe('a File argument given something else than a file', () => {
  const errorLines = () => logLines.filter((line) => JSON.parse(line).level >= 50);

  it.each(FILE_MUTATIONS)('%s refuses a string, a number, an object or a boolean as BAD_REQUEST in Korean, logging no error', async (name, type, input) => {
    logLines.length = 0;
    for (const value of ['hello', 123, {}, true]) {
      const answer = await stack.post(
        { query: `mutation ($f: ${type}) { ${name}(input: ${input}) { __typename } }`, variables: { f: value } },
        { token: staffToken },
      );
      expect(answer.status, JSON.stringify(value)).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          message: validationTexts.file,
          extensions: { code: 'BAD_REQUEST', reason: expect.stringMatching(/^Variable "\$f" got invalid value/) },
        }),
      ]);
    }
    expect(errorLines()).toEqual([]);
  });

  it.each(FILE_MUTATIONS)('%s refuses a value written in the document as a document that does not validate', async (name, _type, input) => {
    logLines.length = 0;
    const answer = await stack.post({ query: `mutation { ${name}(input: ${input.replace('$f', '"hello"')}) { __typename } }` }, { token: staffToken });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [{ message: hardeningTexts.documentInvalid, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', reason: validationTexts.file } }],
    });
    expect(errorLines()).toEqual([]);
  });
});
