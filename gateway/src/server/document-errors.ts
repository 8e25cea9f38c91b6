import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { documentErrorInKorean } from '../graphql/errors.js';

/**
 * A document that does not parse or fails validation is told in Korean with its code (graphql-js and GraphQL Armor
 * word these in English); Yoga's error masking never sees them, so they are rewritten where they arise.
 */
export function useDocumentErrorsInKorean(): Plugin {
  return {
    onParse:
      () =>
      ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError) replaceParseResult(documentErrorInKorean(result, 'GRAPHQL_PARSE_FAILED'));
      },
    onValidate:
      () =>
      ({ valid, result, setResult }) => {
        if (!valid) setResult(result.map((error) => documentErrorInKorean(error, 'GRAPHQL_VALIDATION_FAILED')));
      },
  };
}
