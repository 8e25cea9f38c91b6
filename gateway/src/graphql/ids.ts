import { decodeGlobalID } from '@pothos/plugin-relay';
import { idempotencyKeySchema, validationTexts, type z } from '../../../domain/index.js';
import { ValidationError, invalidArgument, issuePathSegments, type ValidationIssue } from './errors.js';

/** A global id's upstream key for the given type, or null when the id is not one of that type. */
export function localKeyOf(globalId: string, typename: string, pattern: RegExp): string | null {
  try {
    const { typename: actual, id } = decodeGlobalID(globalId);
    return actual === typename && pattern.test(id) ? id : null;
  } catch {
    return null;
  }
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NUMERIC_ID_PATTERN = /^\d{1,10}$/;

/** The upstream id inside a global id of the given type; a ValidationError on `path` (e.g. `["input", "postId"]`) when it is not one. */
export function upstreamIdOf(globalId: string, typename: string, path: string[]): number {
  try {
    const { typename: actual, id } = decodeGlobalID(globalId);
    if (actual === typename && /^\d{1,10}$/.test(id)) return Number(id);
  } catch {
    // falls through to the validation error
  }
  throw invalidArgument(path, validationTexts.id, 'invalid_format');
}

/**
 * The upstream id a global id of the given type ends with: the last part of a composite key
 * (`<parent key>/<id>`), or the whole key of a plain one; a ValidationError on `path` otherwise.
 */
export function ownIdOf(globalId: string, typename: string, path: string[]): number {
  const key = localKeyOf(globalId, typename, /^(?:[\w-]+\/)*\d{1,10}$/);
  if (key === null) throw invalidArgument(path, validationTexts.id, 'invalid_format');
  return Number(key.slice(key.lastIndexOf('/') + 1));
}

/** `ownIdOf` for every id of a list (at `[...path, "<index>"]`): one ValidationError naming each bad position. */
export function ownIdsOf(globalIds: readonly (string | number)[], typename: string, path: string[]): number[] {
  const issues: ValidationIssue[] = [];
  const ids = globalIds.map((globalId, index) => {
    try {
      return ownIdOf(String(globalId), typename, [...path, String(index)]);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
      return 0;
    }
  });
  if (issues.length) throw new ValidationError(issues);
  return ids;
}

/** The upstream id inside `input[field]`, a global id of the given type; a ValidationError on `["input", field]` when it is not one. */
export function inputIdOf<I extends object>(input: I, field: keyof I & string, typename: string): number {
  return upstreamIdOf(String(input[field]), typename, ['input', field]);
}

/**
 * A ValidationError naming both an input field and its former (deprecated) name when both are given with different
 * values: neither silently wins. The same value given both ways passes.
 */
export function refuseRenamedConflict(name: string, formerName: string, same: boolean): void {
  if (same) return;
  const message = validationTexts.renamedFieldConflict(name, formerName);
  throw new ValidationError([
    { path: ['input', name], message, code: 'invalid' },
    { path: ['input', formerName], message, code: 'invalid' },
  ]);
}

/**
 * The id of the object a mutation acts on, from `input.id` or the deprecated name it replaced (`storyIdOf`'s
 * `storyId`, see `targetIdFields`): the value and the input path to name in a validation issue.
 */
export function targetIdOf<I extends { id?: string | number | null }>(input: I, oldName: keyof I & string): { id: string; path: string[] } {
  const current = input.id ?? null;
  const old = (input[oldName] as string | number | null | undefined) ?? null;
  if (current !== null && old !== null && String(current) !== String(old)) throw invalidArgument(['input', 'id'], validationTexts.idConflict(oldName));
  if (current !== null) return { id: String(current), path: ['input', 'id'] };
  if (old !== null) return { id: String(old), path: ['input', oldName] };
  throw invalidArgument(['input', 'id'], validationTexts.idRequired, 'invalid_type');
}

/** `targetIdOf` as the upstream id inside that global id of the given type (`ownIdOf`). */
export function targetUpstreamIdOf<I extends { id?: string | number | null }>(input: I, oldName: keyof I & string, typename: string): number {
  const { id, path } = targetIdOf(input, oldName);
  return ownIdOf(id, typename, path);
}

/** A create input's idempotency key, checked before any upstream call; undefined when the input has none. */
export function idempotencyKeyOf(input: { idempotencyKey?: string | null }): string | undefined {
  return input.idempotencyKey == null ? undefined : validateInput(idempotencyKeySchema, input.idempotencyKey, ['input', 'idempotencyKey']);
}

/**
 * A value checked with a domain schema before any upstream call; issues are located under `path` (the argument and
 * input fields the value came from, e.g. `["input"]`), the schema's snake_case keys in the GraphQL input's camelCase,
 * and a key the input names otherwise by its `inputNames` entry (the upstream's `content` is a report's `reason`).
 */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown, path: string[], inputNames: Readonly<Record<string, string>> = {}): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ValidationError(issuesAt(parsed.error, path, inputNames));
}

/** A domain schema's issues located under `path`, for a caller that gathers them with others before answering. */
export function issuesAt(error: z.ZodError, path: string[], inputNames: Readonly<Record<string, string>> = {}): ValidationIssue[] {
  return error.issues.map((issue) => {
    const [field, ...rest] = issuePathSegments(issue.path);
    const located = field === undefined ? [] : [inputNames[field] ?? field, ...rest];
    return { path: [...path, ...located], message: issue.message, code: issue.code };
  });
}

/** The fields the client gave: GraphQL nulls mean "not given" to the domain schemas. */
export function withoutNulls<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };
}

/** An upstream snake_case name (or issue path) as the GraphQL input spells it. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** A GraphQL input name as the upstream spells it (snake_case). */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The named input fields under the upstream's snake_case names; GraphQL nulls mean "not given". */
export function upstreamFields<I extends object, K extends keyof I & string>(input: I, names: readonly K[]): Record<string, NonNullable<I[K]> | undefined> {
  return Object.fromEntries(names.map((name) => [snakeCase(name), input[name] ?? undefined]));
}
