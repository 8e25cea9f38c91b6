/**
 * The fixture upstream: a plain Node HTTP server that answers GET requests from memory, so the upstream is never
 * what a gateway benchmark measures. Run on its own (`FIXTURE_ORIGIN=<reference upstream> npx tsx
 * bench/fixture-upstream.ts`) or through `startFixtureUpstream`.
 *
 * It records first: a GET it has not seen is forwarded to the reference upstream and its answer (status,
 * content type, body) kept under the method and URL. After `freeze()` it only replays: an unknown URL answers 404
 * and counts as a miss. The token is not part of the key, so replayed answers are whoever's was recorded: for
 * reads whose answer is the same for every viewer (a guest's feed, a post's detail). Writes are refused (405).
 *
 * Hand-written on node:http because the point is the floor: no framework, no routing, no validation between the
 * socket and the recorded bytes.
 *
 * `GET /__fixture` answers `{ served, misses, recorded, frozen }`; `POST /__fixture/freeze` stops recording.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { startService, type Service } from '../tests/helpers/processes.js';

interface Recording {
  status: number;
  contentType: string;
  body: Buffer;
}

interface FixtureState {
  served: number;
  misses: number;
  recorded: number;
  frozen: boolean;
}

const CONTROL_PATH = '/__fixture';

/** The headers a caller's answer depends on; the rest (auth, device, tracing) are forwarded but not keyed. */
const FORWARDED_HEADERS = ['authorization', 'x-device-id', 'accept', 'accept-language'];

function listen(origin: string, port: number, host: string): Promise<{ url: string; close(): Promise<void> }> {
  const recordings = new Map<string, Recording>();
  const state: FixtureState = { served: 0, misses: 0, recorded: 0, frozen: false };

  const answer = (response: ServerResponse, recording: Recording) => {
    response.writeHead(recording.status, { 'content-type': recording.contentType, 'content-length': recording.body.length });
    response.end(recording.body);
  };

  async function record(request: IncomingMessage, key: string): Promise<Recording> {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = await fetch(new URL(request.url ?? '/', origin), { headers });
    const recording = {
      status: upstream.status,
      contentType: upstream.headers.get('content-type') ?? 'application/json; charset=utf-8',
      body: Buffer.from(await upstream.arrayBuffer()),
    };
    // Only successful answers are kept: a 404 while recording is answered but asked again next time.
    if (upstream.ok) {
      recordings.set(key, recording);
      state.recorded = recordings.size;
    }
    return recording;
  }

  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === CONTROL_PATH) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(state));
    }
    if (url === `${CONTROL_PATH}/freeze` && request.method === 'POST') {
      state.frozen = true;
      response.writeHead(204);
      return response.end();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ detail: 'the fixture upstream only replays reads' }));
    }
    const key = `GET ${url}`;
    const recording = recordings.get(key);
    if (recording) {
      state.served += 1;
      return answer(response, recording);
    }
    if (state.frozen) {
      state.misses += 1;
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ detail: `not recorded: ${key}` }));
    }
    record(request, key).then(
      (fresh) => {
        state.served += 1;
        answer(response, fresh);
      },
      (error: unknown) => {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: String(error) }));
      },
    );
  });
  server.keepAliveTimeout = 60_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export interface FixtureUpstream extends Service {
  /** Stops recording: from now on every answer comes from memory, and an unknown URL is a miss (404). */
  freeze(): Promise<void>;
  /** Answers given from memory (or recorded) so far, and requests that found no recording after the freeze. */
  stats(): Promise<FixtureState>;
}

/**
 * Starts the fixture upstream in its own process (so it never shares an event loop with the load generator or a
 * gateway), recording from `origin` until `freeze()`. `program` is this file or its build (`benchProgram`), handed in
 * so the build does not bundle the builder.
 */
export async function startFixtureUpstream(origin: string, program = 'bench/fixture-upstream.ts'): Promise<FixtureUpstream> {
  const service = await startService('fixture upstream', program, { FIXTURE_ORIGIN: origin }, CONTROL_PATH);
  return {
    ...service,
    async freeze() {
      const response = await fetch(`${service.url}${CONTROL_PATH}/freeze`, { method: 'POST' });
      if (!response.ok) throw new Error(`fixture upstream: freeze answered ${response.status}`);
    },
    async stats() {
      return (await (await fetch(`${service.url}${CONTROL_PATH}`)).json()) as FixtureState;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const origin = process.env.FIXTURE_ORIGIN;
  if (!origin) throw new Error('FIXTURE_ORIGIN (the reference upstream to record from) is required');
  const fixture = await listen(origin, Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
  console.log(`fixture upstream: ${fixture.url}, recording from ${origin}`);
  process.once('SIGTERM', () => void fixture.close().then(() => process.exit(0)));
}
