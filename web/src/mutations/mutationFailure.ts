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
  readonly issues?: ReadonlyArray<{ readonly path: string; readonly message: string }> | null;
}

/** The failure of a payload union that was not the payload. */
export function failureOf(result: TypedError): MutationFailure {
  const issues = result.issues ?? [];
  return new MutationFailure(issues[0]?.message ?? result.message ?? '', issues, result.code);
}
