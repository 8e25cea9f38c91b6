import { decodeGlobalID } from '@pothos/plugin-relay';
import { getOperationAST, isObjectType, visit, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { PublicCache } from '../upstream/public-cache.js';

/** Every Relay global id of an object type of this schema found anywhere in a value (variables or a result). */
export function globalIdsIn(value: unknown, schema: GraphQLSchema, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.length <= 256 && /^[A-Za-z0-9+/]+=*$/.test(value)) {
      try {
        const { typename } = decodeGlobalID(value);
        if (isObjectType(schema.getType(typename))) found.add(value);
      } catch {
        // not a global id
      }
    }
  } else if (Array.isArray(value)) {
    for (const entry of value) globalIdsIn(entry, schema, found);
  } else if (value && typeof value === 'object') {
    for (const entry of Object.values(value)) globalIdsIn(entry, schema, found);
  }
  return found;
}

/**
 * After each mutation of this gateway, drops the shared public entries holding a node the mutation named in
 * its variables or returned (keyed by global id), so the next read asks the upstream again.
 */
export function usePublicCacheInvalidation(cache: PublicCache, onError: (error: unknown) => void = () => {}): Plugin {
  return {
    onExecute({ args }) {
      if (getOperationAST(args.document, args.operationName ?? undefined)?.operation !== 'mutation') return;
      return {
        async onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          const ids = globalIdsIn(args.variableValues, args.schema);
          visit(args.document, { StringValue: (node) => void globalIdsIn(node.value, args.schema, ids) });
          globalIdsIn(result.data, args.schema, ids);
          await cache.invalidate(ids).catch(onError);
        },
      };
    },
  };
}
