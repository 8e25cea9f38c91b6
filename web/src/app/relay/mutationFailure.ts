/** Where a field issue is: the argument, then the input fields (`["input", "title"]`). */
export type IssuePath = ReadonlyArray<string>;

/** A typed mutation error the screens show: its message, the field issues (input paths) and the catalogue code. */
export class MutationFailure extends Error {
  constructor(
    message: string,
    readonly issues: ReadonlyArray<{ path: IssuePath; message: string }> = [],
    readonly code?: string,
  ) {
    super(message);
    this.name = 'MutationFailure';
  }
}

/** What a mutation's field answers when it is not the payload: a typed error of the catalogue. */
export interface TypedError {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly issues?: ReadonlyArray<{ readonly path?: IssuePath; readonly message: string }> | null;
}

/**
 * The failure of a payload union that was not the payload: the first field issue's message, else the error's,
 * else `fallback`; `codeTexts` replaces the message of an error with that catalogue code.
 */
export function failureOf(result: TypedError, fallback = '', codeTexts?: Readonly<Record<string, string>>): MutationFailure {
  const issues = (result.issues ?? []).map(({ path, message }) => ({ path: path ?? [], message }));
  const own = (result.code !== undefined && codeTexts?.[result.code]) || undefined;
  return new MutationFailure(own ?? issues[0]?.message ?? result.message ?? fallback, issues, result.code);
}

/** The message to show for a caught failure, or `fallback` when it carries none. */
export function failureMessage(error: unknown, fallback = ''): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
