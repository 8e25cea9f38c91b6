import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayRuntime } from '@graphql-hive/gateway';
import { getComposedSchemaFromConfig } from '@graphql-mesh/compose-cli';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';

/**
 * P7's peer: Hive Gateway serving a supergraph that GraphQL Mesh composes from the upstream's own /openapi.json
 * (its OpenAPI source, `@omnigraph/openapi`), calling `UPSTREAM_URL`. Stock settings, as its CLI would run it:
 * `mesh-compose` then `hive-gateway supergraph`, in one process here so the bench starts it like its other peers.
 *
 * OPENAPI_URL: where the description is read (the reference upstream) · UPSTREAM_URL: where operations go.
 *
 * One shape Mesh (@omnigraph/json-schema 0.112) cannot read as written: OpenAPI 3.1's nullable scalar
 * (`type: ['string', 'null']`) becomes a non-null field, so every null (an e-mail hidden from others, a missing
 * picture) would fail the answer. The description is handed over with those written as `nullable: true`, the form
 * Mesh reads; nullable references (`anyOf: [$ref, {type: 'null'}]`) it reads as they are.
 */
const openApiUrl = process.env.OPENAPI_URL ?? 'http://127.0.0.1:4001/openapi.json';
const upstreamUrl = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4001';

/** `type: [T, 'null']` as `type: T, nullable: true`, everywhere in the description. */
function nullableAsMeshReadsIt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAsMeshReadsIt);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => [key, nullableAsMeshReadsIt(child)] as const);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    if (types.length === 1) Object.assign(schema, { type: types[0], nullable: true });
  }
  return schema;
}

const description = nullableAsMeshReadsIt(await (await fetch(openApiUrl)).json());
const source = join(tmpdir(), `hive-peer-openapi-${process.pid}.json`);
writeFileSync(source, JSON.stringify(description));

const quiet = { log() {}, debug() {}, info() {}, warn: console.warn, error: console.error, child: () => quiet };
const supergraph = await getComposedSchemaFromConfig(
  { subgraphs: [{ sourceHandler: loadOpenAPISubgraph('upstream', { source, endpoint: upstreamUrl }) }] },
  quiet as never,
);
rmSync(source);

if (process.env.PRINT_SUPERGRAPH) console.log(supergraph);
const gateway = createGatewayRuntime({ supergraph, logging: false, graphqlEndpoint: '/graphql', landingPage: false });
const server = createServer(gateway);
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 4400), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
