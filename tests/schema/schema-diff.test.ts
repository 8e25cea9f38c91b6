import { describe, expect, it } from 'vitest';
import { checkSchemaChange } from '../../scripts/schema-diff.js';

const RELEASED = /* GraphQL */ `
  type Query {
    post(id: ID!): Post
    oldPost(id: ID!): Post @deprecated(reason: "Use post. Removal after 2026-03-01.")
    olderPost(id: ID!): Post @deprecated(reason: "Use post. Removal after 2099-01-01.")
    legacy: Legacy @deprecated(reason: "Gone. Removal after 2026-03-01.")
  }
  type Post { id: ID! title: String! }
  type Legacy { id: ID! }
  input DeleteStoryInput { id: ID storyId: ID @deprecated(reason: "Use id. Removal after 2026-03-01.") }
  type Mutation { deleteStory(input: DeleteStoryInput!): Boolean }
`;
const TODAY = '2026-11-24';
const check = (current: string) => checkSchemaChange(RELEASED, current, TODAY);

describe('schema:diff (the deprecation policy)', () => {
  it('passes the released schema itself, and an addition', async () => {
    expect((await check(RELEASED)).problems).toEqual([]);
    const added = RELEASED.replace('title: String!', 'title: String!\n body: String');
    const { changes, problems } = await check(added);
    expect(problems).toEqual([]);
    expect(changes.map((change) => change.path)).toEqual(['Post.body']);
  });

  it('fails a removal that was not deprecated first', async () => {
    const { problems } = await check(RELEASED.replace('title: String!', ''));
    expect(problems).toEqual([expect.stringMatching(/Post\.title.*not deprecated/)]);
  });

  it('passes the removal of a field, an input field and then its type, each deprecated with a removal date that has passed', async () => {
    const removed = RELEASED.replace(/oldPost.*\n/, '')
      .replace(/legacy: Legacy.*\n/, '')
      .replace('type Legacy { id: ID! }', '')
      .replace(/storyId: ID @deprecated\([^)]*\)/, '');
    expect((await check(removed)).problems).toEqual([]);
  });

  it('fails a removal before its removal date', async () => {
    const { problems } = await check(RELEASED.replace(/olderPost.*\n/, ''));
    expect(problems).toEqual([expect.stringMatching(/Query\.olderPost.*2099-01-01, has not passed/)]);
  });

  it('fails a breaking change no deprecation announces (a type changed)', async () => {
    const { problems } = await check(RELEASED.replace('title: String!', 'title: Int!'));
    expect(problems).toEqual([expect.stringMatching(/Post\.title.*no deprecation can announce/)]);
  });

  it('fails a deprecation without a removal date', async () => {
    const { problems } = await check(RELEASED.replace('title: String!', 'title: String! @deprecated(reason: "Use name.")'));
    expect(problems).toEqual([expect.stringMatching(/Post\.title is deprecated without a removal date/)]);
  });
});
