import { GraphQLScalarType, isScalarType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationTexts } from '../../domain/index.js';
import { schema } from '../../gateway/src/graphql/schema.js';
import { useStack } from '../helpers/stack.js';

const ALICE = 2;
const stack = useStack();
let staffToken: string;
let aliceToken: string;

beforeAll(async () => {
  [staffToken, aliceToken] = await Promise.all([1, ALICE].map((id) => stack.upstream.issueToken(id)));
});

const POSTS_SINCE = `query ($from: DateTime) { posts(first: 1, dateFrom: $from) { edges { node { createdAt } } } }`;

describe('custom scalars', () => {
  it.each([
    ['DateTime', 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6'],
    ['URL', 'https://www.rfc-editor.org/rfc/rfc3986#section-4.1'],
    ['JSONObject', 'https://www.rfc-editor.org/rfc/rfc8259#section-4'],
  ])('%s names its specification with @specifiedBy', (name, url) => {
    const scalar = schema.getType(name);
    expect(scalar).toBeInstanceOf(GraphQLScalarType);
    expect((scalar as GraphQLScalarType).specifiedByURL).toBe(url);
  });

  it('parses every literal without the variables argument, so graphql-jit prints nothing for it', () => {
    // graphql-jit (the compiled executor) console.errors "Scalar with variable inputs detected for parsing AST literals"
    // for each literal of a scalar whose parseLiteral declares a second (variables) parameter, bypassing the logger.
    const takingVariables = Object.values(schema.getTypeMap())
      .filter(isScalarType)
      .filter((scalar) => scalar.parseLiteral.length > 1)
      .map((scalar) => scalar.name);
    expect(takingVariables).toEqual([]);
  });

  it('answers DateTime as an RFC 3339 UTC string and takes any offset', async () => {
    const answer = await stack.graphql(POSTS_SINCE, { from: '2000-01-01T09:00:00+09:00' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.posts.edges[0].node.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each([
    ['2026-11-21T09:00:00.000Z', '2026-11-21T09:00:00.000Z'],
    ['2026-11-21T18:00:00+09:00', '2026-11-21T09:00:00.000Z'],
    ['2026-11-21T09:00:00Z', '2026-11-21T09:00:00.000Z'],
    ['2026-11-21T09:00:00.5Z', '2026-11-21T09:00:00.500Z'],
  ])('answers the time %s as %s, whatever form it came in', (time, answered) => {
    expect((schema.getType('DateTime') as GraphQLScalarType).serialize(time)).toBe(answered);
    expect((schema.getType('DateTime') as GraphQLScalarType).serialize(new Date(time))).toBe(answered);
  });

  it.each(['2026-11-21', 'yesterday', '2026-13-01T00:00:00Z'])('refuses %s as a DateTime with the Korean message', async (from) => {
    const answer = await stack.graphql(POSTS_SINCE, { from });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0].message).toBe(validationTexts.dateTime);
    // A bad variable, as every scalar's refusal of one is (the File scalar's too).
    expect(answer.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
  });

  it('answers media URLs as the same root-relative strings', async () => {
    const answer = await stack.graphql(`{ posts(first: 30) { edges { node { author { profileImage } images { url } } } } }`);
    expect(answer.errors).toBeUndefined();
    const urls = answer.data.posts.edges.flatMap((edge: any) => [edge.node.author.profileImage, ...edge.node.images.map((image: any) => image.url)]);
    expect(urls.filter(Boolean).length).toBeGreaterThan(0);
    for (const url of urls.filter(Boolean)) expect(url).toMatch(/^\/media\//);
  });

  it('takes notification metadata and links as a JSON object and URLs, and answers them the same', async () => {
    const send = (input: Record<string, unknown>) =>
      stack.graphql(
        `mutation ($input: SendAdminNotificationInput!) { sendAdminNotification(input: $input) { __typename ... on SendAdminNotificationPayload { sentCount } } }`,
        { input: { userIds: [ALICE], title: '점검 안내', content: '오늘 밤 점검합니다.', ...input } },
        { token: staffToken },
      );
    const metadata = { campaign: 'winter', slots: [1, 2] };
    const sent = await send({ metadata, url: '/community/1', imageUrl: 'https://example.com/banner.png' });
    expect(sent.data.sendAdminNotification).toEqual({ __typename: 'SendAdminNotificationPayload', sentCount: 1 });

    const inbox = await stack.graphql(`{ viewer { notifications(first: 1) { edges { node { metadata url imageUrl } } } } }`, {}, { token: aliceToken });
    expect(inbox.data.viewer.notifications.edges[0].node).toEqual({ metadata, url: '/community/1', imageUrl: 'https://example.com/banner.png' });

    for (const [input, message] of [
      [{ metadata: '{"campaign":"winter"}' }, validationTexts.jsonObject],
      [{ metadata: [1] }, validationTexts.jsonObject],
      [{ url: 'javascript:alert(1)' }, validationTexts.url],
      [{ url: 'not a url' }, validationTexts.url],
    ] as const) {
      const refused = await send(input);
      expect(refused.data).toBeUndefined();
      expect(refused.errors?.[0].message).toBe(message);
      expect(refused.errors?.[0].extensions?.code).toBe('BAD_REQUEST');
    }
  });
});
