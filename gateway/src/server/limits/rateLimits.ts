import { createHash } from 'node:crypto';
import { Kind, getOperationAST, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Redis } from 'ioredis';
import { GRAPHQL_LIMITS, RATE_LIMITS } from '../../../../domain/limits.js';
import type { GatewayContext } from '../../graphql/context.js';
import { RateLimitedError } from '../../graphql/errors.js';
import { costOfOperation } from './operationLimits.js';
import { createRateLimiter, isRateLimited } from './rateLimiter.js';

/** What the listener adds to each request's context: the caller's address (after TRUST_PROXY). */
export interface ClientAddress {
  clientIp?: string;
}

/** Members are counted by their token (hashed: counters in Redis never hold a credential). */
function memberKey(token: string | undefined): string | undefined {
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 22) : undefined;
}

/** Root fields of a mutation, aliases and fragments included: `{ a: like(…) b: like(…) }` is two. */
function rootFieldCount(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value !== '__typename') count += 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += rootFieldCount(selection.selectionSet, fragments);
    } else {
      const fragment = fragments.get(selection.name.value);
      if (fragment) count += rootFieldCount(fragment.selectionSet, fragments);
    }
  }
  return count;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/**
 * Per member and per IP: every mutation field counts (aliases too), and so does every query whose cost
 * reaches GRAPHQL_LIMITS.expensiveCost. Runs after the cost check, before anything executes. Login
 * attempts have their own limiters beside the login fields (same factory).
 */
export function useRateLimits({ redis }: { redis?: Redis | null } = {}): Plugin<GatewayContext & ClientAddress> {
  const limiter = (keyPrefix: string, spec: { points: number; seconds: number }) =>
    createRateLimiter({ keyPrefix, points: spec.points, durationSeconds: spec.seconds, redis });
  const mutations = { member: limiter('gql:mutation:member', RATE_LIMITS.mutationsPerMember), ip: limiter('gql:mutation:ip', RATE_LIMITS.mutationsPerIp) };
  const expensive = {
    member: limiter('gql:expensive:member', RATE_LIMITS.expensiveQueriesPerMember),
    ip: limiter('gql:expensive:ip', RATE_LIMITS.expensiveQueriesPerIp),
  };

  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      let limiters: typeof mutations;
      let points: number;
      if (operation.operation === 'mutation') {
        limiters = mutations;
        points = rootFieldCount(operation.selectionSet, fragmentsOf(args.document));
      } else if (operation.operation === 'query' && costOfOperation(args.contextValue) >= GRAPHQL_LIMITS.expensiveCost) {
        limiters = expensive;
        points = 1;
      } else {
        return;
      }
      if (points < 1) return;
      const member = memberKey(args.contextValue.caller?.token);
      const ip = args.contextValue.clientIp;
      try {
        await Promise.all([member ? limiters.member.consume(member, points) : undefined, ip ? limiters.ip.consume(ip, points) : undefined]);
      } catch (error) {
        if (!isRateLimited(error)) throw error;
        setResultAndStopExecution({ errors: [new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)))] });
      }
    },
  };
}
