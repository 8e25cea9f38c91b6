/**
 * What the build links for `import … from 'react-relay'` (web/vite.config.ts aliases it here): the hooks the
 * app uses, each from its own file. react-relay ships CommonJS only and its entries require every hook and
 * container (entry points, lazy-load queries, refetchable fragments …), which a bundler cannot drop. A hook the
 * app starts using must be added here (the build fails on a name this module lacks). Types still come from
 * react-relay itself.
 */
import loadQueryModule from 'react-relay/lib/relay-hooks/loadQuery.js';

export { default as RelayEnvironmentProvider } from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider.js';
export { default as useFragment } from 'react-relay/lib/relay-hooks/useFragment.js';
export { default as useMutation } from 'react-relay/lib/relay-hooks/useMutation.js';
export { default as usePaginationFragment } from 'react-relay/lib/relay-hooks/usePaginationFragment.js';
export { default as usePreloadedQuery } from 'react-relay/lib/relay-hooks/usePreloadedQuery.js';
export { default as useQueryLoader } from 'react-relay/lib/relay-hooks/useQueryLoader.js';
export { default as useRelayEnvironment } from 'react-relay/lib/relay-hooks/useRelayEnvironment.js';
export { default as useSubscription } from 'react-relay/lib/relay-hooks/useSubscription.js';
// react-relay re-exports these from relay-runtime, as its own entries do.
export { commitLocalUpdate, graphql } from 'relay-runtime';
export const { loadQuery } = loadQueryModule;
