import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { UpstreamCallRecord, UpstreamRetryRecord } from '../upstream/client.js';

/**
 * Operation names become label values: the web client's persisted operations always, other clients' the first ones
 * seen, then `other`, so arbitrary clients can neither grow the series nor take the web client's names out of them.
 */
const MAX_OPERATION_LABELS = 200;

/** Histogram buckets of durations in seconds, from 5 ms to 10 s. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Prometheus metrics of one gateway (its own registry, so several gateways in one process stay apart). */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly operationNames = new Set<string>();
  private readonly knownOperationNames = new Set<string>();

  readonly operations = this.counter('gateway_graphql_operations_total', 'GraphQL operations executed, by operation name and outcome (ok, error)', [
    'operation',
    'outcome',
  ]);
  readonly operationSeconds = this.histogram('gateway_graphql_operation_duration_seconds', 'Execution time of GraphQL operations, by operation name', [
    'operation',
  ]);
  readonly httpRequests = this.counter(
    'gateway_graphql_http_requests_total',
    'HTTP requests to /graphql by status code (rejections before execution included)',
    ['status'],
  );
  readonly upstreamCalls = this.counter(
    'gateway_upstream_requests_total',
    'Upstream calls by method, route and outcome (status code, timeout, network, aborted, breaker_open, overloaded)',
    ['method', 'route', 'outcome'],
  );
  readonly upstreamSeconds = this.histogram('gateway_upstream_request_duration_seconds', 'Duration of upstream attempts by method and route', [
    'method',
    'route',
  ]);
  readonly upstreamRetries = this.counter('gateway_upstream_retries_total', 'Retries of idempotent upstream calls by method, route and reason', [
    'method',
    'route',
    'reason',
  ]);
  readonly breakerState = this.gauge('gateway_upstream_breaker_state', 'Upstream circuit breaker: 0 closed, 1 open, 2 half-open, 3 isolated');
  readonly openSockets = this.gauge('gateway_open_sockets', 'Open client connections by kind (http, websocket)', ['kind']);
  readonly sharedSubscriptionRuns = this.gauge(
    'gateway_shared_subscription_runs',
    'Subscription runs each serving every socket that asks the same (see ws.ts)',
  );
  readonly notificationPolls = this.counter(
    'gateway_notification_polls_total',
    'Inbox polls sent upstream for live notification subscribers (first pages; catch-up pages not counted), by cause (start, interval, hint, takeover, reconnect) and outcome (changed, unchanged, refused)',
    ['cause', 'outcome'],
  );
  readonly rateLimited = this.counter('gateway_rate_limited_total', 'Operations refused by a rate limit');
  /** Only on a replica with REDIS_URL: without Redis there is nothing to be up or down (an alert on 0 must not fire). */
  readonly redisUp: Gauge | undefined;
  readonly redisDegradedPublishes = this.counter(
    'gateway_redis_degraded_publishes_total',
    'Events published to this replica only because Redis was unreachable, by kind (postChanged, notificationAdded, …)',
    ['kind'],
  );

  constructor({ redis = false }: { redis?: boolean } = {}) {
    collectDefaultMetrics({ register: this.registry });
    this.redisUp = redis
      ? this.gauge(
          'gateway_redis_up',
          '1 while every Redis connection of this replica is ready; 0 while one reconnects (events then reach this replica only, notification polling is local)',
        )
      : undefined;
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[] = []) {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  private gauge<L extends string>(name: string, help: string, labelNames: L[] = []) {
    return new Gauge<L>({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: L[]) {
    return new Histogram<L>({ name, help, labelNames, buckets: SECONDS_BUCKETS, registers: [this.registry] });
  }

  recordUpstreamCall = (call: UpstreamCallRecord): void => {
    this.upstreamCalls.inc({ method: call.method, route: call.route, outcome: call.outcome });
    if (call.durationMs > 0) this.upstreamSeconds.observe({ method: call.method, route: call.route }, call.durationMs / 1000);
  };

  recordUpstreamRetry = (retry: UpstreamRetryRecord): void => {
    this.upstreamRetries.inc({ method: retry.method, route: retry.route, reason: retry.reason });
  };

  recordNotificationPoll = (poll: { status: number; cause: string; page: number }): void => {
    if (poll.page !== 1) return;
    const outcome = poll.status === 200 ? 'changed' : poll.status === 304 ? 'unchanged' : 'refused';
    this.notificationPolls.inc({ cause: poll.cause, outcome });
  };

  /** Names that are always their own label (the persisted operations'), outside the cap on the others. */
  labelOperations(names: Iterable<string>): void {
    for (const name of names) this.knownOperationNames.add(name);
  }

  operationLabel(name: string | null | undefined): string {
    if (!name) return 'anonymous';
    if (this.knownOperationNames.has(name) || this.operationNames.has(name)) return name;
    if (this.operationNames.size >= MAX_OPERATION_LABELS || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return 'other';
    this.operationNames.add(name);
    return name;
  }

  /** Counts and times each executed operation. */
  plugin(): Plugin {
    return {
      onExecute: ({ args }) => {
        const operation = this.operationLabel(args.operationName ?? getOperationAST(args.document, args.operationName)?.name?.value);
        const stopTimer = this.operationSeconds.startTimer({ operation });
        return {
          onExecuteDone: ({ result }) => {
            stopTimer();
            const errors = Symbol.asyncIterator in result ? undefined : (result as ExecutionResult).errors;
            this.operations.inc({ operation, outcome: errors?.length ? 'error' : 'ok' });
            if (errors?.some((error) => error.extensions?.http && (error.extensions.http as { status?: number }).status === 429)) this.rateLimited.inc();
          },
        };
      },
    };
  }
}
