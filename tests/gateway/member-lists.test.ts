import { beforeAll, describe, expect, it } from 'vitest';
import { accountTexts, validationTexts } from '../../domain/messages.js';
import { useStack } from '../helpers/stack.js';

/** 복숭아빛, demo member 12. */
const MEMBER = 12;

describe('member lists through the gateway', () => {
  const stack = useStack();
  let token: string;
  beforeAll(async () => {
    token = await stack.upstream.issueToken(MEMBER);
  });

  const SEARCH = `query($q: String!, $first: Int!, $after: String) {
    searchUsers(query: $q, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { databaseId nickname } } }
  }`;

  it('searchUsers pages through members by nickname', async () => {
    const first = await stack.graphql(SEARCH, { q: ' 슬라임 ', first: 2 });
    expect(first.errors).toBeUndefined();
    const { totalCount, pageInfo, edges } = first.data.searchUsers;
    expect(totalCount).toBe(3);
    expect(edges.map((edge: any) => edge.node.nickname)).toEqual(['바다슬라임', '슬라임장인']);
    expect(pageInfo.hasNextPage).toBe(true);
    // A cursor belongs to its list as asked: the same query, as sent.
    const rest = await stack.graphql(SEARCH, { q: ' 슬라임 ', first: 2, after: pageInfo.endCursor });
    expect(rest.data.searchUsers.edges.map((edge: any) => edge.node.nickname)).toEqual(['운영자슬라임']);
    expect(rest.data.searchUsers.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a cursor that is not one of ours, as every connection does, before any upstream call', async () => {
    stack.proxy.reset();
    const answer = await stack.graphql(SEARCH, { q: '슬라임', first: 2, after: 'bm90LWEtY3Vyc29y' });
    expect(answer.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR', issues: [{ path: ['after'], message: validationTexts.cursor }] } });
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('refuses a blank search with the domain message before any upstream call', async () => {
    stack.proxy.reset();
    const blank = await stack.graphql(SEARCH, { q: '   ', first: 5 });
    expect(blank.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR' } });
    expect(JSON.stringify(blank.errors)).toContain(accountTexts.validation.searchRequired);
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('pages the viewer’s blocked members and activities; unblocking shortens the list', async () => {
    for (const id of [1, 2, 3]) {
      const blocked = await fetch(`${stack.upstream.url}/users/${id}/block`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: `사유 ${id}` }),
      });
      expect(blocked.status).toBe(201);
    }
    const BLOCKED = `query($after: String) { viewer { blockedUsers(first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { reason user { id databaseId isBlocked } } } } } }`;
    const page1 = (await stack.graphql(BLOCKED, {}, token)).data.viewer.blockedUsers;
    expect(page1.totalCount).toBe(3);
    expect(page1.edges).toHaveLength(2);
    expect(page1.edges.every((edge: any) => edge.node.user.isBlocked)).toBe(true);
    const page2 = (await stack.graphql(BLOCKED, { after: page1.pageInfo.endCursor }, token)).data.viewer.blockedUsers;
    expect(page2.edges).toHaveLength(1);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const everyone = [...page1.edges, ...page2.edges].map((edge: any) => ({ ...edge.node.user, reason: edge.node.reason }));
    expect(new Set(everyone.map((node: any) => node.databaseId))).toEqual(new Set([1, 2, 3]));
    expect(everyone.find((node: any) => node.databaseId === 2).reason).toBe('사유 2');

    const unblocked = await stack.graphql(
      'mutation($id: ID!) { unblockUser(input: { userId: $id }) { __typename ... on UnblockUserPayload { user { databaseId isBlocked } } } }',
      { id: everyone[0].id },
      token,
    );
    expect(unblocked.data.unblockUser.user.isBlocked).toBe(false);
    expect((await stack.graphql(BLOCKED, {}, token)).data.viewer.blockedUsers.totalCount).toBe(2);

    const ACTIVITIES = `query($after: String) { viewer { activities(first: 5, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { key type createdAt } } } } }`;
    const activities = (await stack.graphql(ACTIVITIES, {}, token)).data.viewer.activities;
    expect(activities.edges).toHaveLength(5);
    expect(activities.totalCount).toBeGreaterThan(5);
    const next = (await stack.graphql(ACTIVITIES, { after: activities.pageInfo.endCursor }, token)).data.viewer.activities;
    const times = [...activities.edges, ...next.edges].map((edge: any) => Date.parse(edge.node.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ids = [...activities.edges, ...next.edges].map((edge: any) => edge.node.key);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
