/** apollo-upload-client ships JavaScript with JSDoc only; the one export the tests use. */
declare module 'apollo-upload-client/createUploadLink.mjs' {
  import type { ApolloLink } from '@apollo/client/core';
  export default function createUploadLink(options?: { uri?: string; headers?: Record<string, string>; fetch?: typeof fetch }): ApolloLink;
}
