import { useGraphQlJit } from '@envelop/graphql-jit';
import {
  BREAK,
  GraphQLError,
  getOperationAST,
  getVariableValues,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type Source,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** Directives graphql-jit cannot execute: incremental delivery stays with Yoga's executor. */
const INCREMENTAL_DIRECTIVES = new Set(['defer', 'stream']);

/** Whether graphql-jit may run a document's operation at all, decided once per document (Yoga caches parsed documents). */
const compilableByDocument = new WeakMap<DocumentNode, Map<string | null | undefined, boolean>>();

function isCompilable(document: DocumentNode, operationName: string | null | undefined): boolean {
  let byOperation = compilableByDocument.get(document);
  if (!byOperation) compilableByDocument.set(document, (byOperation = new Map()));
  let compilable = byOperation.get(operationName);
  if (compilable === undefined) {
    const operation = getOperationAST(document, operationName);
    let incremental = false;
    visit(document, {
      Directive: (node) => {
        if (!INCREMENTAL_DIRECTIVES.has(node.name.value)) return undefined;
        incremental = true;
        return BREAK;
      },
    });
    compilable = !!operation && operation.operation !== 'subscription' && !incremental;
    byOperation.set(operationName, compilable);
  }
  return compilable;
}

/**
 * Variables graphql-js accepts. A bad variable is a request error: Yoga's executor answers it with HTTP 400 and
 * graphql-js's message (our scalars' Korean ones included), where graphql-jit would answer 200 in its own words. So
 * such a request keeps Yoga's executor; the check is graphql-js's own coercion, run only for operations with variables.
 */
function variablesCoerce(args: ExecutionArgs): boolean {
  const definitions = getOperationAST(args.document, args.operationName)?.variableDefinitions;
  if (!definitions?.length) return true;
  return !getVariableValues(args.schema, definitions, (args.variableValues ?? {}) as Record<string, unknown>, { maxErrors: 1 }).errors;
}

/** The character offset of a 1-based line and column in a document's text, as GraphQLError's `positions` are. */
function offsetOf(body: string, line: number, column: number): number {
  const lineBreak = /\r\n|[\n\r]/g;
  let lineStart = 0;
  for (let current = 1; current < line; current += 1) {
    const found = lineBreak.exec(body);
    if (!found) break;
    lineStart = found.index + found[0].length;
  }
  return lineStart + column - 1;
}

/**
 * graphql-jit's field errors as graphql-js makes them. graphql-jit writes its own error objects: `locations` without
 * the document's `source` and `positions`, and no `extensions` object unless the thrown error had one. Yoga rebuilds
 * each error from source and positions (so jit's would lose their locations) and our masking reads `extensions`.
 */
function asGraphQLJsError(error: GraphQLError, source: Source | undefined): GraphQLError {
  if (error.nodes || error.positions) return error;
  const positions = source && error.locations?.map(({ line, column }) => offsetOf(source.body, line, column));
  return new GraphQLError(error.message, {
    source: positions ? source : undefined,
    positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

type Execute = (args: ExecutionArgs) => unknown;

/** Runs graphql-jit's executor and hands its result on with graphql-js's error objects. */
function withGraphQLJsErrors(execute: Execute): Execute {
  return (args) => {
    const settle = (result: ExecutionResult) => {
      if (!result.errors?.length) return result;
      const source = args.document.loc?.source;
      return Object.assign(result, { errors: result.errors.map((error) => asGraphQLJsError(error, source)) });
    };
    const result = execute(args) as ExecutionResult | Promise<ExecutionResult>;
    return result instanceof Promise ? result.then(settle) : settle(result);
  };
}

/**
 * Queries and mutations run compiled by graphql-jit (one function per document, kept as long as Yoga keeps the
 * parsed document): no walk of the document per field and request, which was the largest share of the gateway's
 * busy time. Subscriptions, documents with `@defer` or `@stream`, and requests whose variables do not coerce keep
 * Yoga's executor. Field errors reach Yoga's masking as graphql-js's would, so the error model is the same either way.
 */
export function useCompiledExecution(): Plugin {
  const jit = useGraphQlJit({}, { enableIf: (args) => isCompilable(args.document, args.operationName) && variablesCoerce(args) });
  return {
    onExecute(payload) {
      return jit.onExecute?.({ ...payload, setExecuteFn: (execute) => payload.setExecuteFn(withGraphQLJsErrors(execute as Execute) as never) });
    },
  };
}
