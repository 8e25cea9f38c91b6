import { isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../gateway/src/graphql/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
let token: string;
/** 복숭아빛, demo member 12, who has written, replied, liked and followed. */
let activeMemberToken: string;

beforeAll(async () => {
  token = await stack.upstream.issueToken(2);
  activeMemberToken = await stack.upstream.issueToken(12);
});

/** The deprecation reason of a type's field, as introspection shows it. */
function deprecationOf(typeName: string, fieldName: string): string | undefined {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return type.getFields()[fieldName]?.deprecationReason ?? undefined;
}

describe('output fields renamed so no field repeats its type name; the former names stay, deprecated with a removal date', () => {
  it('Post.type answers what the deprecated Post.postType answers, for every kind of post', async () => {
    expect(deprecationOf('Post', 'postType')).toBe('Use type. Removal after 2027-03-01.');
    expect(deprecationOf('Post', 'type')).toBeUndefined();

    const answer = await stack.graphql(`{ posts(first: 100) { edges { node { type postType } } } }`);
    expect(answer.errors).toBeUndefined();
    const nodes: { type: string; postType: string }[] = answer.data.posts.edges.map((edge: { node: unknown }) => edge.node);
    for (const node of nodes) expect(node.type).toBe(node.postType);
    // The demo posts cover more than one kind, so the comparison is not of one constant.
    expect(new Set(nodes.map((node) => node.type)).size).toBeGreaterThan(1);
  });

  it('Item.type answers what the deprecated Item.itemType answers', async () => {
    expect(deprecationOf('Item', 'itemType')).toBe('Use type. Removal after 2027-03-01.');
    expect(deprecationOf('Item', 'type')).toBeUndefined();

    const answer = await stack.graphql(`{ searchItems(name: "슬라임", first: 20) { edges { node { type itemType } } } }`);
    expect(answer.errors).toBeUndefined();
    const nodes: { type: string; itemType: string }[] = answer.data.searchItems.edges.map((edge: { node: unknown }) => edge.node);
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) expect(node.type).toBe(node.itemType);
  });

  it('Wish.type answers what the deprecated Wish.wishType answers, on both lists', async () => {
    expect(deprecationOf('Wish', 'wishType')).toBe('Use type. Removal after 2027-03-01.');
    expect(deprecationOf('Wish', 'type')).toBeUndefined();

    for (const list of ['BUY', 'SELL']) {
      const answer = await stack.graphql(
        `query ($list: WishType!) { viewer { wishes(type: $list, first: 20) { edges { node { type wishType } } } } }`,
        { list },
        token,
      );
      expect(answer.errors).toBeUndefined();
      const nodes: { type: string; wishType: string }[] = answer.data.viewer.wishes.edges.map((edge: { node: unknown }) => edge.node);
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes).toEqual(nodes.map(() => ({ type: list, wishType: list })));
    }
  });

  it('Activity.key answers what the deprecated Activity.activityId answers, and tells the entries apart', async () => {
    expect(deprecationOf('Activity', 'activityId')).toBe('Use key. Removal after 2027-03-01.');
    expect(deprecationOf('Activity', 'key')).toBeUndefined();

    const answer = await stack.graphql(`{ viewer { activities(first: 100) { edges { node { key activityId type } } } } }`, {}, activeMemberToken);
    expect(answer.errors).toBeUndefined();
    const nodes: { key: string; activityId: string; type: string }[] = answer.data.viewer.activities.edges.map((edge: { node: unknown }) => edge.node);
    expect(new Set(nodes.map((node) => node.type)).size).toBeGreaterThan(1);
    for (const node of nodes) expect(node.key).toBe(node.activityId);
    expect(new Set(nodes.map((node) => node.key)).size).toBe(nodes.length);
  });
});
