import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../gateway/src/graphql/schema.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

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
});
