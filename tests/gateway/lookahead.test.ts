import { describe, expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';
import { until } from '../helpers/ws.js';

/**
 * Look-ahead (gateway/src/graphql/lookahead.ts): a field whose child list needs nothing of the field's own answer
 * starts that list's first page beside its own read. Here the viewer's inbox; the post detail's replies are in
 * posts.test.ts.
 */
const stack = useStack();
const ALICE = 2;
const ME = /^\/users\/me/;
const INBOX = 'GET /v1/user/notification/';

const inboxQuery = (args: string) => /* GraphQL */ `
  query Inbox { viewer { nickname notifications(${args}) { totalCount unreadCount edges { node { id title } } } } }
`;

describe('the viewer’s inbox', () => {
  it('is read beside the viewer, once, and answers what it answers without the look-ahead', async () => {
    const token = await stack.upstream.issueToken(ALICE);
    // The same page through a field the look-ahead leaves alone (a filter is given): the reference answer.
    const reference = await stack.graphql(inboxQuery('first: 5, type: null'), undefined, token);
    expect(reference.errors).toBeUndefined();
    expect(reference.data.viewer.notifications.edges.length).toBeGreaterThan(0);

    stack.proxy.reset();
    const release = stack.proxy.hold(ME);
    try {
      const answer = stack.graphql(inboxQuery('first: 5'), undefined, token);
      // The viewer's own read is held back: the inbox must already be on its way.
      await until(() => stack.upstreamRequests().some((request) => request.startsWith(INBOX)));
      release();
      expect(await answer).toEqual(reference);
      expect(stack.upstreamRequests().filter((request) => request.startsWith(INBOX))).toEqual([`${INBOX}?page=1&pageSize=5`]);
    } finally {
      release();
    }
  });

  it('is not read ahead for a filtered list, another window or a guest', async () => {
    const token = await stack.upstream.issueToken(ALICE);
    for (const args of ['first: 5, isRead: false', 'last: 5']) {
      stack.proxy.reset();
      const release = stack.proxy.hold(ME);
      try {
        const answer = stack.graphql(inboxQuery(args), undefined, token);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(stack.upstreamRequests()).toEqual([]);
        release();
        expect((await answer).errors).toBeUndefined();
      } finally {
        release();
      }
    }
    stack.proxy.reset();
    const guest = await stack.graphql(inboxQuery('first: 5'));
    expect(guest).toEqual({ data: { viewer: null } });
    expect(stack.upstreamRequests()).toEqual([]);
  });
});
