/**
 * What the build links for `import … from 'relay-runtime'` (web/vite.config.ts aliases it here), for the app
 * and for react-relay's hooks alike. relay-runtime ships CommonJS only, and its index requires every part of
 * Relay (legacy containers' resolvers, the updatable-data readers, resolver fragments, the query response cache
 * …), which a bundler cannot drop from a CommonJS module: this module names, from relay-runtime's own files,
 * only what the app and the hooks it uses read. Types still come from relay-runtime itself.
 * entries.test.ts checks that every name react-relay's hooks read is here and the same as relay-runtime's.
 */
import ConnectionHandler from 'relay-runtime/lib/handlers/connection/ConnectionHandler.js';
import ConnectionInterface from 'relay-runtime/lib/handlers/connection/ConnectionInterface.js';
import commitLocalUpdate from 'relay-runtime/lib/mutations/commitLocalUpdate.js';
import commitMutation from 'relay-runtime/lib/mutations/commitMutation.js';
import RelayNetwork from 'relay-runtime/lib/network/RelayNetwork.js';
import RelayObservable from 'relay-runtime/lib/network/RelayObservable.js';
import GraphQLTag from 'relay-runtime/lib/query/GraphQLTag.js';
import PreloadableQueryRegistry from 'relay-runtime/lib/query/PreloadableQueryRegistry.js';
import fetchQueryInternal from 'relay-runtime/lib/query/fetchQueryInternal.js';
import createRelayContext from 'relay-runtime/lib/store/createRelayContext.js';
import createRelayLoggingContext from 'relay-runtime/lib/store/createRelayLoggingContext.js';
import RelayModernEnvironment from 'relay-runtime/lib/store/RelayModernEnvironment.js';
import RelayModernOperationDescriptor from 'relay-runtime/lib/store/RelayModernOperationDescriptor.js';
import RelayModernRecord from 'relay-runtime/lib/store/RelayModernRecord.js';
import RelayModernSelector from 'relay-runtime/lib/store/RelayModernSelector.js';
import RelayModernStore from 'relay-runtime/lib/store/RelayModernStore.js';
import readInlineData from 'relay-runtime/lib/store/readInlineData.js';
import RelayRecordSource from 'relay-runtime/lib/store/RelayRecordSource.js';
import RelayStoreUtils from 'relay-runtime/lib/store/RelayStoreUtils.js';
import requestSubscription from 'relay-runtime/lib/subscription/requestSubscription.js';
import getFragmentIdentifier from 'relay-runtime/lib/util/getFragmentIdentifier.js';
import getPaginationMetadata from 'relay-runtime/lib/util/getPaginationMetadata.js';
import getPaginationVariables from 'relay-runtime/lib/util/getPaginationVariables.js';
import getPendingOperationsForFragment from 'relay-runtime/lib/util/getPendingOperationsForFragment.js';
import getRefetchMetadata from 'relay-runtime/lib/util/getRefetchMetadata.js';
import getRequestIdentifier from 'relay-runtime/lib/util/getRequestIdentifier.js';
import getValueAtPath from 'relay-runtime/lib/util/getValueAtPath.js';
import snapshotErrors from 'relay-runtime/lib/util/handlePotentialSnapshotErrors.js';
import isPromise from 'relay-runtime/lib/util/isPromise.js';
import recycleNodesInto from 'relay-runtime/lib/util/recycleNodesInto.js';
import RelayFeatureFlags from 'relay-runtime/lib/util/RelayFeatureFlags.js';
import RelayReplaySubject from 'relay-runtime/lib/util/RelayReplaySubject.js';

// The names relay-runtime's index gives them.
export const Environment = RelayModernEnvironment;
export const Network = RelayNetwork;
export const Observable = RelayObservable;
export const Record = RelayModernRecord;
export const RecordSource = RelayRecordSource;
export const ReplaySubject = RelayReplaySubject;
export const Store = RelayModernStore;
export {
  ConnectionHandler,
  ConnectionInterface,
  commitLocalUpdate,
  commitMutation,
  getFragmentIdentifier,
  getPaginationMetadata,
  getPaginationVariables,
  getPendingOperationsForFragment,
  getRefetchMetadata,
  getRequestIdentifier,
  getValueAtPath,
  isPromise,
  PreloadableQueryRegistry,
  readInlineData,
  recycleNodesInto,
  RelayFeatureFlags,
  requestSubscription,
};
export const { getFragment, getRequest, graphql } = GraphQLTag;
export const { areEqualSelectors, getSelector, getVariablesFromFragment } = RelayModernSelector;
export const { createOperationDescriptor } = RelayModernOperationDescriptor;
export const { ID_KEY } = RelayStoreUtils;
export const { handlePotentialSnapshotErrors } = snapshotErrors;
export const __internal = {
  createRelayContext,
  createRelayLoggingContext,
  fetchQuery: fetchQueryInternal.fetchQuery,
  fetchQueryDeduped: fetchQueryInternal.fetchQueryDeduped,
  getObservableForActiveRequest: fetchQueryInternal.getObservableForActiveRequest,
  getPromiseForActiveRequest: fetchQueryInternal.getPromiseForActiveRequest,
};
