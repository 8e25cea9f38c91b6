/** The gateway's global id of a node, from its type and the upstream's number (Relay's `Type:id` in base64). */
export const globalIdOf = (typename: 'User' | 'Post', databaseId: number | string) => btoa(`${typename}:${databaseId}`);

/**
 * The node id a route's address names. The app's own links carry global ids; the spec's addresses
 * (/community/detail?id=123, /users/7), shared links and the companion app carry the upstream's number.
 */
export function routeNodeId(value: string, typename: 'User' | 'Post'): string {
  return /^\d{1,10}$/.test(value) ? globalIdOf(typename, value) : value;
}
