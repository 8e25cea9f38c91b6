import type { UseMutationConfig } from 'react-relay';
import type { Disposable, MutationParameters } from 'relay-runtime';

/** A typed mutation error the screens show: its message, the field issues (input paths) and the catalogue code. */
export class MutationFailure extends Error {
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
    readonly code?: string,
  ) {
    super(message);
    this.name = 'MutationFailure';
  }
}

interface TypedError {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly issues?: ReadonlyArray<{ readonly path?: string; readonly message: string }> | null;
}

/** The failure of a payload union that was not the payload; `fallback` when it carries no message. */
export function failureOf(result: TypedError, fallback = ''): MutationFailure {
  const issues = (result.issues ?? []).map(({ path, message }) => ({ path: path ?? '', message }));
  return new MutationFailure(issues[0]?.message ?? result.message ?? fallback, issues, result.code);
}

/**
 * Commits a mutation whose field answers its payload or a typed error, as a promise: it resolves when the field
 * (`outcomeOf`) is the `payload` type, and rejects with the MutationFailure of anything else (`fallback` when
 * neither the error nor the transport says why).
 */
export function commitExpecting<M extends MutationParameters>(
  commit: (config: UseMutationConfig<M>) => Disposable,
  config: Omit<UseMutationConfig<M>, 'onCompleted' | 'onError'>,
  outcomeOf: (response: M['response']) => TypedError,
  payload: string,
  fallback = '',
): Promise<void> {
  return new Promise((resolve, reject) => {
    commit({
      ...config,
      onCompleted: (response) => {
        const outcome = outcomeOf(response);
        if (outcome.__typename === payload) resolve();
        else reject(failureOf(outcome, fallback));
      },
      onError: (error) => reject(new MutationFailure(error.message || fallback)),
    });
  });
}
