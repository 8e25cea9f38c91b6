import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, hardeningTexts } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';

/** The answer's code for the field: a typed error's `code`, or the extensions.code of the error located at it. */
function codeOf(answer: { data?: any; errors?: { path?: string[]; extensions?: { code?: string } }[] }, field: string): string | undefined {
  return answer.data?.[field]?.code ?? answer.errors?.find((error) => error.path?.[0] === field)?.extensions?.code;
}

/**
 * The events a subscription over server-sent events sends before its stream ends (or before `waitMs`, for one that
 * goes on: then the events so far).
 */
async function subscribeOverSse(gatewayUrl: string, query: string, authorization: string, waitMs = 3_000): Promise<unknown[]> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(waitMs),
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  let text = '';
  try {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) text += read.value;
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
  }
  return [...text.matchAll(/^event: next\ndata: (.*)$/gm)].map((match) => JSON.parse(match[1]));
}

describe('a revoked token through the gateway', () => {
  const stack = useStack();
  let token: string;
  beforeAll(async () => {
    token = await stack.upstream.issueToken(3);
    const out = await stack.graphql('mutation { logout { __typename } }', {}, token);
    expect(out.data.logout.__typename).toBe('LogoutPayload');
  }, 60_000);

  it.each([
    ['posts', '{ posts(first: 1) { totalCount } }'],
    ['searchUsers', '{ searchUsers(query: "슬라임", first: 1) { totalCount } }'],
    ['storyGroups', '{ storyGroups(first: 1) { totalCount } }'],
  ])('%s answers as for a guest, with the refused token told once without a path', async (field, query) => {
    const answer = await stack.graphql(query, {}, token);
    expect(answer.data?.[field], JSON.stringify(answer)).toEqual((await stack.graphql(query)).data?.[field]);
    expect(answer.errors).toEqual([{ message: hardeningTexts.tokenRefused, extensions: { code: 'UNAUTHORIZED' } }]);
  });

  it.each([
    ['postChanged (which reads nothing with the token before its first event)', 'subscription { postChanged(id: "UG9zdDox") { id isLiked } }'],
    ['unreadNotificationCount', 'subscription { unreadNotificationCount }'],
  ])('a subscription over server-sent events, %s, ends at once with the notice instead of running as a guest', async (_name, query) => {
    const answer = await subscribeOverSse(stack.gateway.url, query, `token ${token}`);
    expect(answer).toEqual([{ errors: [{ message: hardeningTexts.tokenRefused, extensions: { code: 'UNAUTHORIZED' } }] }]);
  });

  const user = Buffer.from('User:2').toString('base64');
  it.each([
    ['viewer', '{ viewer { id nickname } }'],
    ['updateProfile', 'mutation { updateProfile(input: { bio: "소개" }) { __typename ... on Error { code message } } }'],
    ['deleteProfileImage', 'mutation { deleteProfileImage { __typename ... on Error { code message } } }'],
    ['followUser', `mutation { followUser(input: { userId: "${user}" }) { __typename ... on Error { code message } } }`],
    [
      'changePassword',
      'mutation { changePassword(input: { currentPassword: "slime1234", newPassword: "newpass12", newPasswordConfirm: "newpass12" }) { __typename ... on Error { code message } } }',
    ],
  ])('%s answers UNAUTHORIZED', async (field, query) => {
    const answer = await stack.graphql(query, {}, token);
    expect(codeOf(answer, field), JSON.stringify(answer)).toBe('UNAUTHORIZED');
    expect(JSON.stringify(answer)).toContain(errorMessages.UNAUTHORIZED);
  });
});

describe('an Authorization header that is not `token <t>` or `Bearer <t>`', () => {
  const stack = useStack();
  let token: string;
  beforeAll(async () => {
    token = await stack.upstream.issueToken(3);
  }, 60_000);

  const QUERY = '{ viewer { id } categories { id } posts(first: 1) { totalCount } }';
  const withHeader = (authorization: string) => stack.graphql(QUERY, {}, { headers: { authorization } });

  it.each([
    ['the token without a scheme', () => token],
    ['another scheme', () => 'Basic c2xpbWU6c2xpbWUxMjM0'],
    ['more than one word after the scheme', () => 'Bearer a b c'],
    ['a token followed by another word', () => `token ${token} extra`],
  ])('%s is answered as for a guest, with the notice without a path', async (_case, header) => {
    const [answer, guest] = await Promise.all([withHeader(header()), stack.graphql(QUERY)]);
    expect(answer.data).toEqual(guest.data);
    expect(answer.data?.viewer).toBeNull();
    expect(answer.errors).toEqual([{ message: hardeningTexts.authorizationMalformed, extensions: { code: 'UNAUTHORIZED' } }]);
  });

  it('is told even when the operation reads nothing per member', async () => {
    const answer = await stack.graphql('{ categories { id } }', {}, { headers: { authorization: token } });
    expect(answer.errors).toEqual([{ message: hardeningTexts.authorizationMalformed, extensions: { code: 'UNAUTHORIZED' } }]);
  });

  it('leaves a live token’s subscription over server-sent events running, without a notice', async () => {
    expect(await subscribeOverSse(stack.gateway.url, 'subscription { unreadNotificationCount }', `token ${token}`, 1_500)).not.toContainEqual(
      expect.objectContaining({ errors: expect.anything() }),
    );
  });

  it('ends a subscription over server-sent events with the notice', async () => {
    const answer = await subscribeOverSse(stack.gateway.url, 'subscription { postChanged(id: "UG9zdDox") { id likeCount } }', `Basic ${token}`);
    expect(answer).toEqual([{ errors: [{ message: hardeningTexts.authorizationMalformed, extensions: { code: 'UNAUTHORIZED' } }] }]);
  });

  it.each(['', 'Bearer ', 'token'])('%j (a client without a session filling in its template) is a guest without a notice', async (header) => {
    const answer = await withHeader(header);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.viewer).toBeNull();
  });

  it.each(['token', 'Bearer', 'bearer'])('the %s scheme with the token is the member', async (scheme) => {
    const answer = await withHeader(`${scheme} ${token}`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.viewer?.id).toBeTruthy();
  });
});
