import { useCallback } from 'react';
import { useMutation, type UseMutationConfig } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters } from 'relay-runtime';
import { MutationFailure, failureOf, type TypedError } from './mutationFailure';

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
            const field = Object.values(response as object)[0] as (TypedError & PayloadOf<M>) | null | undefined;
            if (field?.__typename === payload) resolve(field);
            else reject(failureOf(field ?? { __typename: '' }, failureText, codeTexts));
          },
          onError: (error) => {
            const text = typeof requestFailureText === 'function' ? requestFailureText(error) : (requestFailureText ?? (error.message || failureText));
            reject(new MutationFailure(text));
          },
        });
      }),
    [commit, payload, failureText, codeTexts, requestFailureText],
  );
  return [run, inFlight];
}
