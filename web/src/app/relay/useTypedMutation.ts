import { useCallback } from 'react';
import { graphql, useMutation, type UseMutationConfig } from 'react-relay';
import { readInlineData, type GraphQLTaggedNode, type MutationParameters } from 'relay-runtime';
import type { useTypedMutation_failure$key } from '../../__generated__/useTypedMutation_failure.graphql';
import type { RequestError } from './fetchGraphQL';
import { MutationFailure, failureOf } from './mutationFailure';
import { globalErrorTexts } from '@domain/messages.js';

/**
 * What every mutation selects of a typed error, spread on its root field as
 * `...useTypedMutation_failure @alias(as: "failure")`: the field is then either the payload or carries `failure`.
 */
const failureFragment = graphql`
  fragment useTypedMutation_failure on Error @inline {
    message
    code
    ... on ValidationError {
      issues {
        path
        message
      }
    }
  }
`;

/** A root field as useTypedMutation reads it: its type, and the error's fields when it is one. */
interface RootField {
  readonly __typename: string;
  readonly failure?: useTypedMutation_failure$key | null;
}

/** A mutation's one root field: its payload or a typed error. */
export type PayloadOf<M extends MutationParameters> = M['response'][keyof M['response']];

/** Everything `commit` takes but the callbacks, which the promise replaces. */
export type TypedMutationConfig<M extends MutationParameters> = Omit<UseMutationConfig<M>, 'onCompleted' | 'onError'>;

export interface TypedMutationOptions {
  /** The type of the root field that means success, e.g. `CreatePostPayload`; anything else is a failure. */
  payload: string;
  /** The mutation's own failure text, for an error that says nothing and a request that failed without a message. */
  failureText?: string;
  /** Messages of the mutation's own for some catalogue codes (e.g. CONFLICT on a second report). */
  codeTexts?: Readonly<Record<string, string>>;
  /** What a failed request says instead of its own message: a fixed text, or one read from the request's error. */
  requestFailureText?: string | ((error: Error) => string);
}

/**
 * The mutation convention of every screen: `useMutation` whose commit is a promise. It resolves with the root
 * field when that is the `payload` type, and rejects with a MutationFailure otherwise (the typed error's message,
 * field issues and code, or the failure texts of `options`). Pass options that do not change between renders
 * (literals of strings, module constants): the returned function stays the same while they do.
 */
export function useTypedMutation<M extends MutationParameters>(
  mutation: GraphQLTaggedNode,
  { payload, failureText = '', codeTexts, requestFailureText }: TypedMutationOptions,
): [(config: TypedMutationConfig<M>) => Promise<PayloadOf<M>>, boolean] {
  const [commit, inFlight] = useMutation<M>(mutation);
  const run = useCallback(
    (config: TypedMutationConfig<M>) =>
      new Promise<PayloadOf<M>>((resolve, reject) => {
        commit({
          ...config,
          onCompleted: (response) => {
            const field = Object.values(response as object)[0] as (RootField & PayloadOf<M>) | null | undefined;
            if (field?.__typename === payload) return resolve(field);
            const error = readInlineData(failureFragment, field?.failure ?? null);
            // A refused session is told once, in the login-needed words the session handler shows (002 §4.3).
            if (field?.__typename === 'NotAuthenticatedError') return reject(new MutationFailure(globalErrorTexts.loginNeeded, [], error?.code));
            reject(failureOf({ __typename: field?.__typename ?? '', ...error }, failureText, codeTexts));
          },
          onError: (error) => {
            // The global handler already told it (002 §8.2): the same words, so a screen's toast of them shows once.
            // Like any failed request it carries no code: a screen with a failure text of its own still says it.
            const told = (error as Partial<RequestError>).toldAs;
            if (told) return reject(new MutationFailure(told));
            const text = typeof requestFailureText === 'function' ? requestFailureText(error) : (requestFailureText ?? (error.message || failureText));
            reject(new MutationFailure(text));
          },
        });
      }),
    [commit, payload, failureText, codeTexts, requestFailureText],
  );
  return [run, inFlight];
}
