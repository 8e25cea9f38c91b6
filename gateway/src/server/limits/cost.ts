import {
  Kind,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { CONNECTION_SIZE_MAX, GRAPHQL_LIMITS } from '../../../../domain/limits.js';

type Variables = Record<string, unknown> | null | undefined;

/**
 * What an operation may return and read, GitHub-style: each object or list field costs one per item it can appear
 * for, and `first`/`last` (connections) or the length of `ids` (nodes) multiply everything below them. A page counts
 * its size even when none of its items is selected (`replies(first: 60) { totalCount }` is 61): the upstream reads
 * the page either way, as GitHub's node limit counts it. A read by id (`node(id:)`, `post(id:)` … : a field with an
 * `id` argument) weighs GRAPHQL_LIMITS.byIdReadCost instead of one, and `nodes(ids:)` is that many such reads, each
 * with its selection: a by-id batch is one upstream call per id where a page is one call (no batch read exists).
 * Computed with the request's variables, so `first: $count` counts what was asked. A fragment's cost is
 * computed once and scaled wherever it is spread (cost is linear in the multiplier), so spreading a fragment
 * many times costs what it returns, not what it took to write.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Variables): number {
  let byOperation = costByDocument.get(document);
  const known = byOperation?.get(operationName ?? '');
  if (known !== undefined) return known;
  const reading: VariableReads = { variables, read: false };
  const cost = computeCost(schema, document, operationName, reading);
  // A cost no variable took part in is the document's own: kept as long as the parsed document is (Yoga caches those).
  if (!reading.read) {
    if (!byOperation) costByDocument.set(document, (byOperation = new Map()));
    byOperation.set(operationName ?? '', cost);
  }
  return cost;
}

/** The costs of documents whose cost does not depend on their variables, by operation name. */
const costByDocument = new WeakMap<DocumentNode, Map<string, number>>();

/** The request's variables, and whether the cost read any of them. */
interface VariableReads {
  variables: Variables;
  read: boolean;
}

function computeCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: VariableReads): number {
  const operation = pickOperation(document, operationName);
  if (!operation) return 0;
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return 0;

  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentCosts = new Map<string, number>();
  const inProgress = new Set<string>();

  const selectionSetCost = (selectionSet: SelectionSetNode, parentType: GraphQLCompositeType): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        // Introspection is bounded by graphql-js's own MaxIntrospectionDepthRule and costs no upstream call.
        if (name.startsWith('__')) continue;
        const field = isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[name] : undefined;
        if (!field) continue;
        const type = getNamedType(field.type);
        if (!isCompositeType(type) || !selection.selectionSet) continue;
        const below = selectionSetCost(selection.selectionSet, type);
        const size = sizeOf(selection.arguments ?? [], variables);
        if (size.byIds !== undefined) cost += size.byIds * (GRAPHQL_LIMITS.byIdReadCost + below);
        else if (size.page !== undefined) cost += 1 + size.page * Math.max(1, below);
        else cost += (size.byId ? GRAPHQL_LIMITS.byIdReadCost : 1) + below;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typeName = selection.typeCondition?.name.value;
        const type = typeName ? schema.getType(typeName) : parentType;
        if (type && isCompositeType(type)) cost += selectionSetCost(selection.selectionSet, type);
      } else {
        const name = selection.name.value;
        const known = fragmentCosts.get(name);
        if (known !== undefined) {
          cost += known;
          continue;
        }
        const fragment = fragments.get(name);
        // A cycle never passes validation; guard anyway so this can never recurse forever.
        if (!fragment || inProgress.has(name)) continue;
        const type = schema.getType(fragment.typeCondition.name.value);
        if (!type || !isCompositeType(type)) continue;
        inProgress.add(name);
        const fragmentCost = selectionSetCost(fragment.selectionSet, type);
        inProgress.delete(name);
        fragmentCosts.set(name, fragmentCost);
        cost += fragmentCost;
      }
    }
    return cost;
  };

  return selectionSetCost(operation.selectionSet, rootType);
}

function pickOperation(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return operations.find((operation) => operation.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * What a field's arguments say of its size: `page`, the items `first`/`last` ask for; `byIds`, the number of `ids`
 * (one read each); `byId`, an `id` argument (one read).
 */
function sizeOf(
  args: ReadonlyArray<{ name: { value: string }; value: ValueNode }>,
  variables: VariableReads,
): { page?: number; byIds?: number; byId: boolean } {
  let page: number | undefined;
  let byIds: number | undefined;
  let byId = false;
  for (const argument of args) {
    const name = argument.name.value;
    if (name === 'first' || name === 'last') {
      const value = resolveValue(argument.value, variables);
      // Out-of-range sizes are refused by the field's own validation; here they count as the most allowed.
      const size = typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), CONNECTION_SIZE_MAX) : CONNECTION_SIZE_MAX;
      page = Math.max(page ?? 0, size);
    } else if (name === 'ids') {
      const value = resolveValue(argument.value, variables);
      // A list longer than the bound never runs (variables and list literals are refused above it).
      byIds = Array.isArray(value) ? value.length : 1;
    } else if (name === 'id') {
      byId = true;
    }
  }
  return { page, byIds, byId };
}

function resolveValue(node: ValueNode, variables: VariableReads): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      variables.read = true;
      return variables.variables?.[node.name.value];
    case Kind.INT:
      return Number(node.value);
    case Kind.LIST:
      return node.values.map((value) => resolveValue(value, variables));
    default:
      return undefined;
  }
}
