import { describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { PRIVACY_LEVELS } from '../../domain/limits.js';
import { posts } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const DEMO_PASSWORD = 'slime1234';
const v = accountTexts.validation;

const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginWithPasswordInput!) {
    loginWithPassword(input: $input) {
      __typename
      ... on LoginWithPasswordPayload { token refreshToken isNewUser viewer { id nickname email representBadge { title } } }
      ... on Error { message code }
      ... on ValidationError { issues { path message } }
    }
  }
`;

describe('accounts through the gateway', () => {
  const stack = useStack();

  const login = (identifier: string, password: string) => stack.graphql(LOGIN, { input: { identifier, password } });

  it('logs in with e-mail or phone and answers token, viewer and isNewUser', async () => {
    for (const identifier of ['pudding@slime.community', '010-1234-5678']) {
      const { data } = await login(identifier, DEMO_PASSWORD);
      expect(data.loginWithPassword.__typename).toBe('LoginWithPasswordPayload');
      expect(data.loginWithPassword.isNewUser).toBe(false);
      expect(data.loginWithPassword.viewer.email).toMatch(/@slime\.community$/);
      const me = await stack.graphql('{ viewer { nickname stats { followersCount } preferences { privacy } } }', {}, data.loginWithPassword.token);
      expect(me.data.viewer.nickname).toBe(data.loginWithPassword.viewer.nickname);
      expect(me.data.viewer.preferences.privacy).toBe('PUBLIC');
    }
  });

  it('answers a wrong password and an unknown member with the same typed error; bad input with the domain messages before any call', async () => {
    const wrong = (await login('pudding@slime.community', 'wrongpass1')).data.loginWithPassword;
    const unknown = (await login('ghost@slime.community', 'wrongpass1')).data.loginWithPassword;
    expect(wrong).toEqual({ __typename: 'BadRequestError', message: accountTexts.errors.loginFailed, code: 'BAD_REQUEST' });
    expect(unknown).toEqual(wrong);
    stack.proxy.reset();
    const blank = (await login(' ', 'whatever1')).data.loginWithPassword;
    expect(blank.__typename).toBe('ValidationError');
    expect(blank.issues).toEqual([{ path: ['input', 'identifier'], message: v.identifierRequired }]);
    expect((await login('02-123-4567', 'whatever1')).data.loginWithPassword.issues[0].message).toBe(v.identifierInvalid);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('logout revokes the token: the viewer and member fields answer UNAUTHORIZED afterwards', async () => {
    const token = (await login('greenie@slime.community', DEMO_PASSWORD)).data.loginWithPassword.token;
    const out = await stack.graphql('mutation { logout { __typename ... on LogoutPayload { success } } }', {}, token);
    expect(out.data.logout).toEqual({ __typename: 'LogoutPayload', success: true });
    const after = await stack.graphql('{ viewer { id } }', {}, token);
    expect(after.errors?.[0].extensions?.code).toBe('UNAUTHORIZED');
    const follow = await stack.graphql(
      'mutation($id: ID!) { followUser(input: { userId: $id }) { __typename ... on Error { code } } }',
      { id: Buffer.from('User:3').toString('base64') },
      token,
    );
    expect(JSON.stringify(follow)).toContain('UNAUTHORIZED');
  });

  it('refreshSession trades the refresh token for a new session', async () => {
    const first = (await login('artisan@slime.community', DEMO_PASSWORD)).data.loginWithPassword;
    const renewed = await stack.graphql(
      'mutation($t: String!) { refreshSession(input: { refreshToken: $t }) { __typename ... on RefreshSessionPayload { token viewer { nickname } } } }',
      { t: first.refreshToken },
    );
    expect(renewed.data.refreshSession.viewer.nickname).toBe('슬라임장인');
    expect((await stack.graphql('{ viewer { id } }', {}, renewed.data.refreshSession.token)).data.viewer).not.toBeNull();
  });

  it('two refreshes of one refresh token at once (two requests that met the expired session) both get the one new session', async () => {
    const REFRESH = `mutation($t: String!) { refreshSession(input: { refreshToken: $t }) { __typename ... on RefreshSessionPayload { token refreshToken } ... on Error { code } } }`;
    const refresh = (refreshToken: string) => stack.graphql(REFRESH, { t: refreshToken }).then((answer) => answer.data.refreshSession);
    const first = (await login('jellybear@slime.community', DEMO_PASSWORD)).data.loginWithPassword;
    stack.proxy.reset();
    const both = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(both.map((answer) => answer.__typename)).toEqual(['RefreshSessionPayload', 'RefreshSessionPayload']);
    expect(both[1]).toEqual(both[0]);
    // One rotation upstream, whose new session both requests carry on with.
    expect(stack.upstreamRequests().filter((line) => line.startsWith('POST /auth/refresh'))).toHaveLength(1);
    // A third that set out just after, within the reuse window, gets the same session rather than a refusal.
    expect(await refresh(first.refreshToken)).toEqual(both[0]);
    expect((await stack.graphql('{ viewer { nickname } }', {}, both[0].token)).data.viewer.nickname).toEqual(expect.any(String));
    // The new refresh token rotates on as usual, once.
    const next = await refresh(both[0].refreshToken);
    expect(next.__typename).toBe('RefreshSessionPayload');
    expect(next.token).not.toBe(both[0].token);
    // A refresh token that was never issued is still refused.
    expect((await refresh('never-issued-refresh-token')).code).toBe('UNAUTHORIZED');
  });

  it('registers, updates the profile with typed validation, changes the password', async () => {
    const registered = await stack.graphql(
      `mutation($input: RegisterInput!) { register(input: $input) { __typename
        ... on RegisterPayload { token isNewUser viewer { nickname } }
        ... on ValidationError { issues { path message } } ... on ConflictError { message } } }`,
      { input: { email: 'gw@slime.community', password: 'gateway1', passwordConfirm: 'gateway2', nickname: '게이트', agreeTerms: true, agreePrivacy: false } },
    );
    expect(registered.data.register.issues).toEqual([{ path: ['input', 'agreePrivacy'], message: v.agreePrivacy }]);
    const mismatch = await stack.graphql(
      'mutation($input: RegisterInput!) { register(input: $input) { __typename ... on ValidationError { issues { path message } } } }',
      { input: { email: 'gw@slime.community', password: 'gateway1', passwordConfirm: 'gateway2', nickname: '게이트', agreeTerms: true, agreePrivacy: true } },
    );
    expect(mismatch.data.register.issues).toEqual([{ path: ['input', 'passwordConfirm'], message: v.passwordMismatch }]);
    const ok = await stack.graphql(
      'mutation($input: RegisterInput!) { register(input: $input) { __typename ... on RegisterPayload { token isNewUser viewer { nickname } } } }',
      {
        input: {
          email: 'gw@slime.community',
          password: 'gateway1',
          passwordConfirm: 'gateway1',
          nickname: '게이트',
          agreeTerms: true,
          agreePrivacy: true,
          gender: 'FEMALE',
        },
      },
    );
    expect(ok.data.register).toMatchObject({ isNewUser: true, viewer: { nickname: '게이트' } });
    const token = ok.data.register.token;
    const taken = await stack.graphql('mutation($input: RegisterInput!) { register(input: $input) { __typename ... on ConflictError { message } } }', {
      input: { email: 'gw@slime.community', password: 'gateway1', passwordConfirm: 'gateway1', nickname: '게이트', agreeTerms: true, agreePrivacy: true },
    });
    expect(taken.data.register).toEqual({ __typename: 'ConflictError', message: accountTexts.errors.emailTaken });

    const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { __typename
      ... on UpdateProfilePayload { viewer { id nickname bio website gender preferences { privacy } } }
      ... on ValidationError { issues { path message } } } }`;
    const bad = await stack.graphql(UPDATE, { input: { nickname: 'x', website: 'nope', privacy: 'nobody' } }, token);
    expect(bad.data.updateProfile.issues).toEqual([
      { path: ['input', 'nickname'], message: v.nickname(2, 20) },
      { path: ['input', 'website'], message: v.website },
      // The input's own field (the REST body nests it under preferences), in the domain's words.
      { path: ['input', 'privacy'], message: v.privacy(PRIVACY_LEVELS) },
    ]);
    const updated = await stack.graphql(
      UPDATE,
      { input: { nickname: '게이트웨이', bio: '안녕', website: 'https://gw.example.com', privacy: 'private' } },
      token,
    );
    expect(updated.data.updateProfile.viewer).toMatchObject({
      nickname: '게이트웨이',
      bio: '안녕',
      website: 'https://gw.example.com',
      gender: 'FEMALE',
      preferences: { privacy: 'PRIVATE' },
    });

    const CHANGE = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on Error { message } } }`;
    // The same password again is no change, refused with the domain's rule on the new password.
    const unchanged = await stack.graphql(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on ValidationError { issues { path message } } } }',
      { input: { currentPassword: 'gateway1', newPassword: 'gateway1', newPasswordConfirm: 'gateway1' } },
      token,
    );
    expect(unchanged.data.changePassword).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'newPassword'], message: accountTexts.validation.newPasswordUnchanged }],
    });
    expect(
      (await stack.graphql(CHANGE, { input: { currentPassword: 'wrongone', newPassword: 'gateway9', newPasswordConfirm: 'gateway9' } }, token)).data
        .changePassword,
    ).toEqual({ __typename: 'BadRequestError', message: accountTexts.errors.currentPasswordWrong });
    expect(
      (await stack.graphql(CHANGE, { input: { currentPassword: 'gateway1', newPassword: 'gateway9', newPasswordConfirm: 'gateway9' } }, token)).data
        .changePassword.__typename,
    ).toBe('ChangePasswordPayload');
    expect((await login('gw@slime.community', 'gateway9')).data.loginWithPassword.__typename).toBe('LoginWithPasswordPayload');
  });

  it('follows and unfollows; unblocks; the blocked list carries reasons; isBlocked follows', async () => {
    const token = await stack.upstream.issueToken(13);
    const jelly = Buffer.from('User:3').toString('base64');
    const FOLLOW = `mutation($id: ID!) { followUser(input: { userId: $id }) { __typename ... on FollowUserPayload { user { id isFollowing stats { followersCount } } } } }`;
    const UNFOLLOW = `mutation($id: ID!) { unfollowUser(input: { userId: $id }) { __typename ... on UnfollowUserPayload { user { id isFollowing stats { followersCount } } } } }`;
    const followed = (await stack.graphql(FOLLOW, { id: jelly }, token)).data.followUser.user;
    expect(followed.isFollowing).toBe(true);
    const unfollowed = (await stack.graphql(UNFOLLOW, { id: jelly }, token)).data.unfollowUser.user;
    expect(unfollowed).toMatchObject({ id: jelly, isFollowing: false, stats: { followersCount: followed.stats.followersCount - 1 } });
    // Following oneself is told at the input's id, as blockUser of oneself is.
    const followSelf = await stack.graphql(
      'mutation($id: ID!) { followUser(input: { id: $id }) { __typename ... on ValidationError { issues { path message } } } }',
      { id: Buffer.from('User:13').toString('base64') },
      token,
    );
    expect(followSelf.data.followUser).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'id'], message: accountTexts.errors.cannotFollowSelf }],
    });

    await fetch(`${stack.upstream.url}/users/3/block`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: '도배' }),
    });
    const list = await stack.graphql(
      '{ viewer { email blockedUsers(first: 10) { totalCount edges { node { reason user { nickname isBlocked } } } } } }',
      {},
      token,
    );
    expect(list, JSON.stringify(list)).toBeTruthy();
    expect(list.data.viewer.blockedUsers, JSON.stringify(list)).toEqual({
      totalCount: 1,
      edges: [{ node: { reason: '도배', user: { nickname: '젤리곰', isBlocked: true } } }],
    });
    const unblocked = await stack.graphql(
      'mutation($id: ID!) { unblockUser(input: { userId: $id }) { __typename ... on UnblockUserPayload { user { isBlocked } } } }',
      { id: jelly },
      token,
    );
    expect(unblocked.data.unblockUser).toEqual({ __typename: 'UnblockUserPayload', user: { isBlocked: false } });
    const again = await stack.graphql(
      'mutation($id: ID!) { unblockUser(input: { userId: $id }) { __typename ... on Error { message } } }',
      { id: jelly },
      token,
    );
    // Idempotent, as unfollowUser is: a retried or doubled unblock answers the member, still unblocked.
    expect(again.data.unblockUser).toEqual({ __typename: 'UnblockUserPayload' });
    // Another member's blocked list is not visible.
    const other = await stack.graphql(
      'query($id: ID!) { node(id: $id) { ... on User { blockedUsers(first: 5) { totalCount } followers(first: 2) { totalCount } } } }',
      { id: jelly },
      token,
    );
    expect(other.data.node.blockedUsers).toBeNull();
    expect(other.data.node.followers.totalCount).toBeGreaterThan(0);
  });

  it('a guest gets NotAuthenticatedError from member-only mutations, before any upstream call', async () => {
    stack.proxy.reset();
    const answer = await stack.graphql('mutation { updateProfile(input: { bio: "x" }) { __typename ... on Error { code } } }');
    expect(answer.data.updateProfile).toEqual({ __typename: 'NotAuthenticatedError', code: 'UNAUTHORIZED' });
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('a feed of 20 posts by 10 authors asking for badges makes 1 list call and 10 badge calls, without the caller’s token but for their own', async () => {
    const future = Date.now() + 86_400_000;
    await stack.upstream.db.insert(posts).values(
      Array.from({ length: 20 }, (_, index) => ({
        title: `배지 확인용 글 ${index + 1}`,
        content: '배지 로더 확인',
        postType: 'general',
        categoryId: 8,
        authorId: (index % 10) + 1,
        createdAt: new Date(future + index * 1000),
        updatedAt: new Date(future + index * 1000),
      })),
    );
    const token = await stack.upstream.issueToken(2);
    stack.proxy.reset();
    const feed = await stack.graphql(
      '{ posts(first: 20) { edges { node { title author { nickname representBadge { title hexCode } badges { isRepresent badge { title hexCode grade } } } } } } }',
      {},
      token,
    );
    expect(feed.errors).toBeUndefined();
    const edges = feed.data.posts.edges;
    expect(edges).toHaveLength(20);
    expect(edges.every((edge: any) => edge.node.title.startsWith('배지 확인용'))).toBe(true);
    const listCalls = stack.upstreamRequests().filter((call) => call.startsWith('GET /v1/community/'));
    const badgeCalls = stack.upstreamRequests().filter((call) => /^GET \/v1\/user\/\d+\/badge\/$/.test(call));
    expect(listCalls).toHaveLength(1);
    expect(badgeCalls).toHaveLength(10);
    expect(stack.upstreamRequests()).toHaveLength(11);
    const calls = stack.proxy.calls.map((call) => ({ line: `${call.method} ${call.url}`, authorization: call.headers.authorization }));
    // Others' badges are read as a guest; the caller's own (member 2 wrote two of the posts) with the token, since a
    // private profile shows guests only its represented badge.
    const ownBadges = 'GET /v1/user/2/badge/';
    expect(calls.filter(({ line }) => badgeCalls.includes(line) && line !== ownBadges).every(({ authorization }) => authorization === undefined)).toBe(true);
    expect(calls.find(({ line }) => line === ownBadges)?.authorization).toBe(`token ${token}`);
    expect(calls.find(({ line }) => line === listCalls[0])?.authorization).toBe(`token ${token}`);
    const admin = edges.find((edge: any) => edge.node.author.nickname === '운영자슬라임').node.author;
    expect(admin.representBadge.title).toBe('운영진');
    expect(admin.badges[0]).toEqual({ isRepresent: true, badge: { title: '운영진', hexCode: '#A66CFF', grade: 'SSS' } });
  });
});
