import { isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../gateway/src/graphql/schema.js';
import { RENAMED_INPUT_REMOVAL_DATE } from '../../gateway/src/graphql/mutations.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();
let token: string;

beforeAll(async () => {
  token = await stack.upstream.issueToken(2);
});

/** Fields renamed so that none repeats its type's name (`Item.itemType` → `Item.type`); the former names stay, deprecated. */
const RENAMED = [
  { type: 'Item', former: 'itemType', current: 'type' },
  { type: 'Wish', former: 'wishType', current: 'type' },
];

describe('a field renamed to `type` keeps its former name, deprecated, answering the same', () => {
  it('marks each former name deprecated with the replacement and its removal date', () => {
    for (const { type, former, current } of RENAMED) {
      const objectType = schema.getType(type);
      if (!isObjectType(objectType)) throw new Error(`${type} is not an object type`);
      const fields = objectType.getFields();
      expect(fields[current].deprecationReason).toBeUndefined();
      expect(String(fields[current].type)).toBe(String(fields[former].type));
      expect(fields[former].deprecationReason).toBe(`Use ${current}. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`);
    }
  });

  it('answers Item.type as Item.itemType', async () => {
    const answer = await stack.graphql(`{ searchItems(name: "슬라임", first: 20) { edges { node { type itemType } } } }`);
    expect(answer.errors).toBeUndefined();
    const nodes = answer.data.searchItems.edges.map((edge: any) => edge.node);
    expect(nodes.length).toBeGreaterThan(0);
    for (const node of nodes) expect(node.type).toBe(node.itemType);
  });

  it('answers Wish.type as Wish.wishType, on both lists', async () => {
    for (const list of ['BUY', 'SELL']) {
      const answer = await stack.graphql(
        `query ($list: WishType!) { viewer { wishes(type: $list, first: 20) { edges { node { type wishType } } } } }`,
        { list },
        token,
      );
      expect(answer.errors).toBeUndefined();
      const nodes = answer.data.viewer.wishes.edges.map((edge: any) => edge.node);
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes).toEqual(nodes.map(() => ({ type: list, wishType: list })));
    }
  });
});
