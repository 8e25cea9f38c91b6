import { createClient } from 'graphql-sse';
import { describe, expect, it } from 'vitest';
import { users } from '../../upstream/src/db/schema.js';
import { useStack } from '../helpers/stack.js';

const POST_CHANGED = 'subscription ($id: ID!) { postChanged(id: $id) { id likeCount } }';
const TOGGLE_LIKE = 'mutation ($id: ID!) { togglePostLike(input: { id: $id }) { ... on TogglePostLikePayload { post { likeCount } } } }';

describe('GraphQL over SSE, single connection mode (/graphql/stream)', () => {
  const rig = useStack();

  it('carries several operations of a stock graphql-sse client on one stream, the member known by the Authorization header', async () => {
    const [member] = await rig.upstream.db.insert(users).values({ email: 'sse-single@example.com', nickname: 'SSE단일연결' }).returning({ id: users.id });
    const token = await rig.upstream.issueToken(member.id);
    const posts = (await rig.graphql('{ posts(first: 2) { edges { node { id } } } }')).data.posts.edges.map((edge: any) => edge.node.id as string);

    const client = createClient({
      url: `${rig.gateway.url}/graphql/stream`,
      singleConnection: true,
      headers: { authorization: `token ${token}` },
      retryAttempts: 0,
    });
    try {
      // A query and two subscriptions on the one reserved stream.
      const viewer = await new Promise<any>((resolve, reject) => {
        client.subscribe({ query: '{ viewer { databaseId } }' }, { next: resolve, error: reject, complete: () => undefined });
      });
      expect(viewer.data.viewer.databaseId).toBe(member.id);

      const heard: Record<string, number[]> = {};
      const stops = posts.map((id: string) => {
        heard[id] = [];
        return client.subscribe(
          { query: POST_CHANGED, variables: { id } },
          { next: (value: any) => heard[id].push(value.data.postChanged.likeCount), error: () => undefined, complete: () => undefined },
        );
      });
      // Likes (toggled) until each subscription has heard of its post: they may start listening just after being sent.
      const counts: Record<string, number[]> = Object.fromEntries(posts.map((id: string) => [id, []]));
      for (let round = 0; posts.some((id: string) => heard[id].length === 0); round += 1) {
        expect(round, 'no event reached the stream').toBeLessThan(30);
        for (const id of posts) counts[id].push((await rig.graphql(TOGGLE_LIKE, { id }, token)).data.togglePostLike.post.likeCount);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      for (const id of posts) expect(counts[id]).toEqual(expect.arrayContaining(heard[id]));
      stops.forEach((stop: () => void) => stop());
    } finally {
      client.dispose();
    }
  });
});

describe('GraphQL over SSE with PERSISTED_ONLY', () => {
  const rig = useStack({ settings: { persistedOnly: true } });

  it('has no single connection stream: its operations would skip the persisted-operation checks', async () => {
    const reservation = await fetch(`${rig.gateway.url}/graphql/stream`, { method: 'PUT' });
    expect(reservation.status).toBe(404);
  });
});
