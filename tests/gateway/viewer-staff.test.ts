import { beforeAll, describe, expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';

/** The demo staff member is id 1 (운영자슬라임); id 2 is a regular member. */
const STAFF = 1;
const MEMBER = 2;

describe('viewer.isStaff', () => {
  const stack = useStack();
  let staffToken: string;
  let memberToken: string;
  beforeAll(async () => {
    [staffToken, memberToken] = await Promise.all([STAFF, MEMBER].map((id) => stack.upstream.issueToken(id)));
  }, 60_000);

  it('comes from the upstream’s own-profile answer, which only the member themself gets', async () => {
    expect((await stack.rest('/users/me', staffToken)).is_staff).toBe(true);
    expect((await stack.rest('/users/me', memberToken)).is_staff).toBe(false);
    expect('is_staff' in (await stack.rest(`/v1/user/${STAFF}/`, memberToken))).toBe(false);
  });

  it('is true for staff, false for a member, and null for anyone else’s profile', async () => {
    const staff = await stack.graphql('{ viewer { id isStaff } }', {}, staffToken);
    const member = await stack.graphql('{ viewer { id isStaff } }', {}, memberToken);
    expect(staff.data.viewer.isStaff).toBe(true);
    expect(member.data.viewer.isStaff).toBe(false);
    const others = await stack.graphql('query ($id: ID!) { node(id: $id) { ... on User { isStaff } } }', { id: staff.data.viewer.id }, memberToken);
    expect(others.data.node.isStaff).toBeNull();
    const guest = await stack.graphql('query ($id: ID!) { node(id: $id) { ... on User { isStaff } } }', { id: staff.data.viewer.id });
    expect(guest.data.node.isStaff).toBeNull();
  });

  it('asks for the viewer’s own answer when the same member is reached by node(id)', async () => {
    const staff = await stack.graphql('{ viewer { id } }', {}, staffToken);
    const self = await stack.graphql('query ($id: ID!) { node(id: $id) { ... on User { isStaff } } }', { id: staff.data.viewer.id }, staffToken);
    expect(self.data.node.isStaff).toBe(true);
  });
});
