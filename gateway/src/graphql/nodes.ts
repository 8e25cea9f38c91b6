import { decodeGlobalID, resolveNodes } from '@pothos/plugin-relay';
import { brandWithType, getTypeBrand, type OutputType, type SchemaTypes } from '@pothos/core';
import { GraphQLError, Kind, isObjectType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { PAGE_SIZE_MAX, validationTexts } from '../../../domain/index.js';
import { GRAPHQL_LIMITS } from '../../../domain/limits.js';
import type { GatewayContext } from './context.js';
import { builder } from './builder.js';
import { NotFoundError, invalidArgument } from './errors.js';

export interface UpstreamNodeOptions<Shape> {
  /** The node's upstream key, inside its global id. */
  id: (node: Shape) => string | number;
  /** One upstream read of the node by its key. */
  read: (key: string, context: GatewayContext) => Promise<Shape>;
  /** The form of the key: `node`/`nodes` refuse a global id whose key does not match before any upstream call. */
  key: RegExp;
  /** A node resolved from a list or a write is kept as that key's answer for the request, unless false. */
  primeResolved?: boolean;
}

/** Each node type's key form, for `node`/`nodes` to refuse a malformed id without asking the upstream. */
const keyForms = new Map<string, RegExp>();

/**
 * A failed read's error as an object of its own. Pothos brands every loaded value with its node type, errors too, and
 * a brand cannot be set twice: a read failing with an error another read shares (a comment read through its
 * inquiry's loader, one upstream call shared by two reads) failed the whole `nodes` list when both were asked.
 * The copy inherits the error's class, message and extensions.
 */
const failureOfThisRead = (error: Error): Error => Object.create(error) as Error;

/**
 * A Relay node the upstream reads one key at a time (the REST API has no batch read): the dataloader makes one
 * request's reads one parallel round without repeats, and a failed read is that key's error.
 */
export function upstreamNode<Shape extends object>(name: string, { id, read, key, primeResolved = true }: UpstreamNodeOptions<Shape>) {
  keyForms.set(name, key);
  return builder.loadableNodeRef(name, {
    id: { resolve: id },
    load: (keys: string[], context: GatewayContext) => Promise.all(keys.map((key) => read(key, context).catch(failureOfThisRead))),
    ...(primeResolved ? { cacheResolved: (node: Shape) => String(id(node)) } : {}),
  });
}

/**
 * The node a list read names, walking the list page by page at the largest page size: for the types the REST
 * API reads only as part of their parent's list (a composite id names the parent and the node).
 */
export async function findInPages<T>(
  readPage: (page: number, pageSize: number) => Promise<{ items: T[]; hasMore: boolean }>,
  matches: (item: T) => boolean,
): Promise<T> {
  for (let page = 1; ; page++) {
    const { items, hasMore } = await readPage(page, PAGE_SIZE_MAX);
    const found = items.find(matches);
    if (found) return found;
    if (!hasMore || items.length === 0) throw new NotFoundError();
  }
}

/** A node type whose records carry their key as `id` (Post, Reply, User), read through its dataloader. */
export type KeyedNode<T extends object = object> = OutputType<SchemaTypes> & { getDataloader(context: GatewayContext): { load(key: string): Promise<T> } };

/**
 * The node a reference names (a foreign key of another object), or null when it is gone: the upstream's NOT_FOUND
 * for a deleted post or member is the reference's answer, not an error of the object holding it.
 *
 * A reference asked for nothing but its `id` (a list linking to its posts) is answered from the key without a read:
 * reading a post counts a view, and a member's comment list must not count one for each post it links to.
 */
export function nodeReference<T extends object>(type: KeyedNode<T>, key: string, context: GatewayContext, info: GraphQLResolveInfo): Promise<T | null> | T {
  if (asksOnlyForIdentity(info)) {
    // Only `id` is read of it, and the node types read their id from the record's `id`.
    const reference = { id: key } as unknown as T;
    brandWithType(reference, type);
    return reference;
  }
  return referencedNode(type.getDataloader(context).load(key), type);
}

const IDENTITY_FIELDS = new Set(['id', '__typename']);

/** Whether the field's selection, through its fragments, names no field but `id` and `__typename`. */
function asksOnlyForIdentity(info: GraphQLResolveInfo): boolean {
  const onlyIdentity = (selectionSet: SelectionSetNode | undefined): boolean =>
    !selectionSet ||
    selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return IDENTITY_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return onlyIdentity(selection.selectionSet);
      return onlyIdentity(info.fragments[selection.name.value]?.selectionSet);
    });
  return info.fieldNodes.every((node) => onlyIdentity(node.selectionSet));
}

async function referencedNode<T extends object>(load: Promise<T>, type: OutputType<SchemaTypes>): Promise<T | null> {
  try {
    const node = await load;
    // Branded so that a union of node types (an activity's target) knows which one it is.
    if (getTypeBrand(node) === null) brandWithType(node, type);
    return node;
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** The decoded global id when it names a node type and has that type's key form; null for anything else. */
function nodeIdOf(globalId: string, info: GraphQLResolveInfo): { typename: string; id: string } | null {
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(globalId);
  } catch {
    return null;
  }
  const type = info.schema.getType(decoded.typename);
  const isNode = isObjectType(type) && type.getInterfaces().some((face) => face.name === 'Node');
  return isNode && keyForms.get(decoded.typename)?.test(decoded.id) ? decoded : null;
}

/**
 * Each id's node, or that id's own error (a malformed id is a VALIDATION_ERROR on the argument, a missing node the
 * read's NOT_FOUND): graphql-js reports an Error item at its list index and keeps the others.
 */
async function nodesOf(globalIds: readonly string[], argument: (index: number) => string[], context: GatewayContext, info: GraphQLResolveInfo) {
  const decoded = globalIds.map((globalId) => nodeIdOf(globalId, info));
  const loaded = await resolveNodes(
    builder,
    context,
    info,
    decoded.filter((id) => id !== null),
  );
  let next = 0;
  return decoded.map((id, index) => (id === null ? invalidArgument(argument(index), validationTexts.id, 'invalid_format') : loaded[next++]));
}

const Node = builder.nodeInterfaceRef();

// Pothos' own node/nodes parse every id before resolving: one malformed id fails the whole (non-null) `nodes` list
// with an English message. These answer per id instead.
builder.queryFields((t) => ({
  node: t.field({
    type: Node,
    nullable: true,
    description: 'The object with this global id; null with an error when the id is malformed or names nothing.',
    args: { id: t.arg.id({ required: true, description: 'A global id, as any `id` field answers it.' }) },
    resolve: async (_root, args, context, info) => {
      const [node] = await nodesOf([String(args.id)], () => ['id'], context, info);
      if (node instanceof Error) throw node;
      return node;
    },
  }),
  nodes: t.field({
    type: [Node],
    nullable: { list: false, items: true },
    description: 'The objects with these global ids, in order; each malformed or missing one is null with its own error.',
    args: {
      ids: t.arg.idList({
        required: true,
        description: `Global ids, as any \`id\` field answers them: at most ${GRAPHQL_LIMITS.maxVariableArrayLength}, written in the document or in a variable. Each id is one read and costs what \`node(id:)\` with the same selection costs.`,
      }),
    },
    resolve: (_root, args, context, info) => nodesOf(args.ids.map(String), (index) => ['ids', String(index)], context, info),
  }),
}));
