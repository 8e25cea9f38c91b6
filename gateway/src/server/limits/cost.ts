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
import { CONNECTION_SIZE_MAX } from '../../../../domain/limits.js';

type Variables = Record<string, unknown> | null | undefined;

/**
 * What an operation may return, GitHub-style: each object or list field costs one per item it can appear
 * for, and `first`/`last` (connections) or the length of `ids` (nodes) multiply everything below them.
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
        const itemsBelow = multiplierOf(selection.arguments ?? [], variables);
        cost += 1 + itemsBelow * selectionSetCost(selection.selectionSet, type);
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

/** How many items a field can return: `first`/`last`, the number of `ids`, else one. */
function multiplierOf(args: ReadonlyArray<{ name: { value: string }; value: ValueNode }>, variables: VariableReads): number {
  let multiplier = 1;
  for (const argument of args) {
    const name = argument.name.value;
    if (name === 'first' || name === 'last') {
      const value = resolveValue(argument.value, variables);
      // Out-of-range sizes are refused by the field's own validation; here they count as the most allowed.
      const size = typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 0), CONNECTION_SIZE_MAX) : CONNECTION_SIZE_MAX;
      multiplier = Math.max(multiplier, size);
    } else if (name === 'ids') {
      const value = resolveValue(argument.value, variables);
      multiplier = Math.max(multiplier, Array.isArray(value) ? value.length : 1);
    }
  }
  return multiplier;
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
