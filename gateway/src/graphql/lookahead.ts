import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { CONNECTION_SIZE_MAX, CONNECTION_SIZE_MIN } from '../../../domain/index.js';
import { planPages, type UpstreamPage } from './connections.js';

/**
 * The nodes of a field selected right under the field being resolved, through inline fragments and fragment spreads
 * (`... on Post { replies }`, a screen's fragment): what a resolver looks at to start a child's read beside its own
 * instead of after it. Written here because graphql-js offers no look-ahead and this needs no more than a walk of the
 * selection sets.
 */
export function selectedChildFields(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, name: string): FieldNode[] {
  const found: FieldNode[] = [];
  const visit = (selectionSet: SelectionSetNode | undefined, spread: Set<string>) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === name) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, spread);
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        visit(info.fragments[selection.name.value]?.selectionSet, spread);
      }
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet, new Set());
  return found;
}

/** An argument's value as the operation gives it: an Int literal or a variable's value; undefined otherwise. */
function intArgument(field: FieldNode, name: string, variables: Record<string, unknown>): number | undefined {
  const value = field.arguments?.find((argument) => argument.name.value === name)?.value;
  if (value?.kind === Kind.INT) return Number(value.value);
  const given = value?.kind === Kind.VARIABLE ? variables[value.name.value] : undefined;
  return typeof given === 'number' ? given : undefined;
}

/**
 * The upstream pages a connection selected under the field being resolved will read first, when every selection of
 * it asks the same `first: n` and nothing else (a screen's first page of the whole list); empty otherwise (another
 * page, a filter, or a `first` the paging rules refuse), so a look-ahead only ever starts a read the connection
 * itself makes.
 */
export function firstPagesOf(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments' | 'variableValues'>, connection: string): UpstreamPage[] {
  const fields = selectedChildFields(info, connection);
  if (fields.length === 0 || fields.some((field) => field.arguments?.some((argument) => argument.name.value !== 'first'))) return [];
  const sizes = new Set(fields.map((field) => intArgument(field, 'first', info.variableValues)));
  const [first] = sizes;
  if (sizes.size !== 1 || first === undefined || !Number.isInteger(first) || first < CONNECTION_SIZE_MIN || first > CONNECTION_SIZE_MAX) return [];
  return planPages(0, first);
}
