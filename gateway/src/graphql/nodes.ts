import type { GatewayContext } from './context.js';
import { builder } from './builder.js';

export interface UpstreamNodeOptions<Shape> {
  /** The node's upstream key, inside its global id. */
  id: (node: Shape) => string | number;
  /** One upstream read of the node by its key. */
  read: (key: string, context: GatewayContext) => Promise<Shape>;
  /** A node resolved from a list or a write is kept as that key's answer for the request, unless false. */
  primeResolved?: boolean;
}

/**
 * A Relay node the upstream reads one key at a time (the REST API has no batch read): the dataloader makes one
 * request's reads one parallel round without repeats, and a failed read is that key's error.
 */
export function upstreamNode<Shape extends object>(name: string, { id, read, primeResolved = true }: UpstreamNodeOptions<Shape>) {
  return builder.loadableNodeRef(name, {
    id: { resolve: id },
    load: (keys: string[], context: GatewayContext) => Promise.all(keys.map((key) => read(key, context).catch((error: Error) => error))),
    ...(primeResolved ? { cacheResolved: (node: Shape) => String(id(node)) } : {}),
  });
}
