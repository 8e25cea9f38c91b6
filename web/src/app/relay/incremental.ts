import { meros } from 'meros/browser';
import type { GraphQLResponse } from 'relay-runtime';

/** One part of an answer in parts (the incremental delivery format of `deferSpec=20220824`, the one the gateway writes). */
interface Part {
  data?: unknown;
  errors?: { message?: string; extensions?: { code?: unknown } }[];
  incremental?: { data?: unknown; errors?: Part['errors']; path: (string | number)[]; label?: string }[];
  hasNext?: boolean;
}

/** Each deferred fragment of the parts after the first, as Relay reads it: a payload with its label and path. */
async function* deferredPayloads(parts: AsyncGenerator<{ json: boolean; body: unknown }>): AsyncGenerator<GraphQLResponse> {
  for await (const part of parts) {
    if (!part.json) continue;
    for (const { data, errors, path, label } of (part.body as Part).incremental ?? []) yield { data, errors, path, label } as GraphQLResponse;
  }
}

/**
 * Reads a multipart/mixed answer (an operation with @defer) with meros: the first result at once, the deferred
 * fragments as they arrive. An answer that is not in parts after all (a failure status) is read as JSON.
 */
export async function readParts(response: Response): Promise<{ first: Part | null; later: AsyncIterable<GraphQLResponse> | readonly [] }> {
  const parts = await meros<Part>(response);
  if (!(Symbol.asyncIterator in parts)) return { first: await parts.json().catch(() => null), later: [] };
  const { value } = await parts.next();
  return { first: value?.json ? value.body : null, later: deferredPayloads(parts) };
}
