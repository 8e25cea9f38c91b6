import { EnvelopArmor } from '@escape.tech/graphql-armor';
import {
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ASTNode,
  type ASTVisitor,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationContext,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { GRAPHQL_LIMITS } from '../../../../domain/limits.js';
import { hardeningTexts } from '../../../../domain/messages.js';
import { operationCost } from './cost.js';
import { GatewayError } from '../../graphql/errors.js';

/** The cost each executed operation was measured at, for the rate limits that weigh expensive queries. */
const costByContext = new WeakMap<object, number>();

export function costOfOperation(contextValue: unknown): number {
  return contextValue ? (costByContext.get(contextValue as object) ?? 0) : 0;
}

const rejected = (message: string, extensions: Record<string, unknown> = {}) =>
  createGraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 }, ...extensions } });

/**
 * Limits for arbitrary documents, all applied before any resolver (so before any upstream call):
 * GraphQL Armor's depth, aliases, directives and tokens (tokens are counted while parsing), the
 * first/last-weighted cost, bounded variables, and, when introspection is off, no `__schema`/`__type`
 * and no "did you mean" suggestions. graphql-js's own MaxIntrospectionDepthRule bounds introspection.
 */
export function operationLimitPlugins({ introspection }: { introspection: boolean }): Plugin[] {
  // Reported as validation errors (not thrown), so they answer 400 as the GraphQL-over-HTTP spec asks; in Korean
  // (GraphQL Armor words them in English, as a "Syntax Error").
  const asValidationError = (message: string) => ({
    propagateOnRejection: false,
    onReject: [(context: ValidationContext | null) => context?.reportError(new GatewayError('GRAPHQL_VALIDATION_FAILED', message))],
  });
  const armor = new EnvelopArmor({
    // Fields count, fragment spreads do not: Relay documents are made of fragments.
    maxDepth: {
      n: GRAPHQL_LIMITS.maxDepth,
      ignoreIntrospection: true,
      flattenFragments: true,
      ...asValidationError(hardeningTexts.tooDeep(GRAPHQL_LIMITS.maxDepth)),
    },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, ...asValidationError(hardeningTexts.tooManyAliases(GRAPHQL_LIMITS.maxAliases)) },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, ...asValidationError(hardeningTexts.tooManyDirectives(GRAPHQL_LIMITS.maxDirectives)) },
    // Counted while parsing, before any document exists: a parse error (400) by itself, thrown in our words.
    maxTokens: {
      n: GRAPHQL_LIMITS.maxTokens,
      onReject: [
        () => {
          throw new GatewayError('GRAPHQL_PARSE_FAILED', hardeningTexts.tooManyTokens(GRAPHQL_LIMITS.maxTokens));
        },
      ],
    },
    // Armor's cost knows nothing of page sizes; useOperationCost below weighs first/last.
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: !introspection },
  });
  const plugins: Plugin[] = [...(armor.protect().plugins as Plugin[]), useBoundedVariables(), useBoundedListLiterals(), useOperationCost()];
  if (!introspection) plugins.push(useNoIntrospection());
  return plugins;
}

function checkCost(args: ExecutionArgs): Error | undefined {
  const cost = operationCost(args.schema as GraphQLSchema, args.document as DocumentNode, args.operationName, args.variableValues as Record<string, unknown>);
  if (args.contextValue) costByContext.set(args.contextValue as object, cost);
  if (cost > GRAPHQL_LIMITS.maxCost) {
    return rejected(hardeningTexts.tooExpensive(cost, GRAPHQL_LIMITS.maxCost), { cost, maxCost: GRAPHQL_LIMITS.maxCost });
  }
  return undefined;
}

/** Refuses an operation whose cost (computed with its variables) is above the maximum, before it executes. */
function useOperationCost(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = checkCost(args);
      if (error) setResultAndStopExecution({ errors: [error as never] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = checkCost(args);
      if (error) setResultAndStopExecution({ errors: [error as never] });
    },
  };
}

/**
 * Variables are JSON of any shape: bound every array, the number of values and how deep objects and lists nest before
 * anything reads them, each refusal saying which bound it met.
 */
function useBoundedVariables(): Plugin {
  return {
    onParams({ params }) {
      if (!params.variables) return;
      let values = 0;
      // Each container with its depth: the variables object is 0, `{ "x": { … } }`'s inner object 1.
      const stack: [unknown, number][] = [[params.variables, 0]];
      while (stack.length) {
        const [value, depth] = stack.pop()!;
        // Only JSON's own shapes: an uploaded File is one value, whatever its size (its bytes are not variables).
        if (!isJsonContainer(value)) continue;
        if (depth > GRAPHQL_LIMITS.maxVariableDepth) throw rejected(hardeningTexts.variablesTooDeep(GRAPHQL_LIMITS.maxVariableDepth));
        const children = Array.isArray(value) ? value : Object.values(value);
        if (Array.isArray(value) && value.length > GRAPHQL_LIMITS.maxVariableArrayLength) {
          throw rejected(hardeningTexts.variablesTooLarge(GRAPHQL_LIMITS.maxVariableArrayLength));
        }
        values += children.length;
        if (values > GRAPHQL_LIMITS.maxVariableValues) throw rejected(hardeningTexts.variablesTooManyValues(GRAPHQL_LIMITS.maxVariableValues));
        for (const child of children) stack.push([child, depth + 1]);
      }
    },
  };
}

/** The argument or input field a list written in the document is the value of (`ids` of `nodes(ids: [...])`). */
function listNameOf(parent: ASTNode | ReadonlyArray<ASTNode> | undefined): string {
  if (!parent || Array.isArray(parent) || !('kind' in parent)) return '';
  if (parent.kind === Kind.ARGUMENT || parent.kind === Kind.OBJECT_FIELD) return parent.name.value;
  if (parent.kind === Kind.VARIABLE_DEFINITION) return `$${parent.variable.name.value}`;
  return '';
}

/**
 * A list written in the document (`nodes(ids: ["…", …])`, an input's list, a variable's default) is held to the
 * bound a list in the variables has, so an inline list cannot ask for what a variable could not: a validation error
 * before anything runs.
 */
function useBoundedListLiterals(): Plugin {
  const max = GRAPHQL_LIMITS.maxVariableArrayLength;
  const rule = (context: ValidationContext): ASTVisitor => ({
    ListValue(node, _key, parent) {
      if (node.values.length <= max) return;
      context.reportError(new GatewayError('GRAPHQL_VALIDATION_FAILED', hardeningTexts.listTooLong(listNameOf(parent), node.values.length, max)));
    },
  });
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}

function isJsonContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}
