/** What the benchmark phases share: driving load with autocannon, reading a service's counters and CPU, printing figures. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Service } from '../tests/helpers/processes.js';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The phases to run (`BENCH_ONLY=P6,P8`); every phase when unset. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((phase) => phase.trim().toUpperCase())
  .filter(Boolean);
export const runsPhase = (phase: string) => ONLY.length === 0 || ONLY.includes(phase.toUpperCase());

export interface Load {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /**
   * Headers naming distinct callers (members' tokens), one set per request in turn: identical reads from one caller
   * in flight at once share an upstream call in the gateway, so without callers the load is the rare case of many
   * clients asking as the same person.
   */
  callers?: Record<string, string>[];
}

export const graphqlLoad = (service: Service, query: string, variables?: Record<string, unknown>, callers?: Record<string, string>[]): Load => ({
  url: `${service.url}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables }),
  callers,
});

export interface LoadResult {
  rps: number;
  /** Answers without errors. */
  answers: number;
  p50: number;
  p99: number;
  failures: number;
}

/** The first error answer seen in a load phase, to say why a run failed. */
export let firstErrorSample: string | undefined;

export async function drive(load: Load, options: { seconds?: number; overallRate?: number } = {}): Promise<LoadResult> {
  let errorAnswers = 0;
  let nextCaller = 0;
  const { callers } = load;
  const result = await autocannon({
    url: load.url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: options.seconds ?? SECONDS,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        method: load.method ?? 'GET',
        headers: load.headers,
        body: load.body,
        ...(callers?.length
          ? {
              setupRequest: (request: { headers?: Record<string, string> }) => ({
                ...request,
                headers: { ...load.headers, ...callers[nextCaller++ % callers.length] },
              }),
            }
          : {}),
        // GraphQL answers its errors with status 200: a body with `"errors"` is a failure too.
        onResponse: (_status: number, body: string) => {
          if (body.includes('"errors"')) {
            errorAnswers += 1;
            firstErrorSample ??= body.slice(0, 300);
          }
        },
      },
    ],
  });
  return {
    rps: (result.requests.total - errorAnswers) / (result.duration || 1),
    answers: result.requests.total - errorAnswers,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx + errorAnswers,
  };
}

export async function graphql(service: Service, query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const response = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `token ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await response.json();
  if (answer.errors) throw new Error(`${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** The sum of a Prometheus counter's series on the gateway's /metrics. */
export async function counter(service: Service, name: string): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/**
 * CPU time (user + system) a service's process has used so far, in seconds, from /proc/<pid>/stat: read from
 * outside so measuring costs the process nothing. Fields 14 and 15 count clock ticks of USER_HZ, 100 on Linux.
 */
/**
 * Node arguments that profile a service under load (`BENCH_CPU_PROF_DIR=<folder>`: `node --cpu-prof`, its profile
 * written there when it stops; open the `.cpuprofile` in Chrome DevTools or speedscope); none otherwise.
 */
export const profiled = (): string[] => (process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []);

export function cpuSeconds(service: Service): number {
  const stat = readFileSync(`/proc/${service.process.pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface Figure {
  name: string;
  value: string;
  target: string;
  met: boolean;
}

export const figures: Figure[] = [];

export function report(name: string, value: number, target: string, met: boolean, digits = 2) {
  figures.push({ name, value: value.toFixed(digits), target, met });
  console.log(`${name}: ${value.toFixed(digits)} (${target})${met ? '' : '  <-- missed'}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
