import type { FieldRef, InputFieldMap, InputShapeFromFields, OutputShape, OutputType } from '@pothos/core';
import { CONNECTION_SIZE_MAX, connectionArgsSchema, validationTexts, type ErrorDetail } from '../../../domain/index.js';
import type { GatewayContext } from './context.js';
import { builder } from './builder.js';
import { ValidationError } from './errors.js';

/**
 * Relay connections over the upstream's page/page_size lists. Cursors are offsets into the list;
 * a window of offsets is fetched with the fewest upstream pages (one whenever some page size fits it).
 * Written here because Pothos' `resolveOffsetConnection` assumes the source takes offset/limit directly.
 */
const CURSOR_PREFIX = 'offset:';

export function offsetToCursor(offset: number): string {
  return Buffer.from(CURSOR_PREFIX + offset).toString('base64url');
}

/** The offset a cursor stands for, or null when it is not one of ours. */
export function cursorToOffset(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const offset = Number(text.slice(CURSOR_PREFIX.length));
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : null;
}

export interface UpstreamPage {
  page: number;
  pageSize: number;
}

/** Upstream pages covering offsets [start, end): one page when any page size up to the maximum holds the window, else two. */
export function planPages(start: number, end: number, maxPageSize = CONNECTION_SIZE_MAX): UpstreamPage[] {
  const length = Math.max(1, end - start);
  for (let pageSize = length; pageSize <= maxPageSize; pageSize++) {
    if (Math.floor(start / pageSize) === Math.floor((start + length - 1) / pageSize)) {
      return [{ page: Math.floor(start / pageSize) + 1, pageSize }];
    }
  }
  const first = Math.floor(start / length);
  return [
    { page: first + 1, pageSize: length },
    { page: first + 2, pageSize: length },
  ];
}

export interface ListPage<T> {
  items: T[];
  total: number;
}

/** Fetches one upstream page; the caller binds filters and the caller's identity. */
export type PageFetcher<T> = (page: UpstreamPage) => Promise<ListPage<T>>;

export interface OffsetConnection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  totalCount: number;
}

async function fetchWindow<T>(fetchPage: PageFetcher<T>, start: number, end: number): Promise<ListPage<T>> {
  const pages = planPages(start, end);
  const answers = await Promise.all(pages.map(fetchPage));
  const firstOffset = (pages[0].page - 1) * pages[0].pageSize;
  const items = answers.flatMap((answer) => answer.items).slice(start - firstOffset, end - firstOffset);
  return { items, total: answers[0].total };
}

/**
 * Resolves a connection from already validated args (exactly one of first/last in range, cursors decoded).
 * `after`/`before` are exclusive bounds, as the Relay cursor specification defines them.
 */
export async function resolveOffsetConnection<T>(
  args: { first?: number | null; last?: number | null; afterOffset?: number | null; beforeOffset?: number | null },
  fetchPage: PageFetcher<T>,
): Promise<OffsetConnection<T>> {
  const lowerBound = args.afterOffset == null ? 0 : args.afterOffset + 1;
  let start: number;
  let end: number;
  let window: ListPage<T>;

  if (args.first != null) {
    start = lowerBound;
    end = start + args.first;
    if (args.beforeOffset != null) end = Math.min(end, args.beforeOffset);
    window =
      end > start ? await fetchWindow(fetchPage, start, end) : await fetchWindow(fetchPage, start, start + 1).then((w) => ({ items: [], total: w.total }));
  } else {
    const size = args.last ?? 1;
    if (args.beforeOffset != null) {
      end = args.beforeOffset;
      start = Math.max(lowerBound, end - size);
      window = end > start ? await fetchWindow(fetchPage, start, end) : await fetchWindow(fetchPage, 0, 1).then((w) => ({ items: [], total: w.total }));
    } else {
      // The end is the list's length, unknown until asked: the first page answers it and, for short lists, is the window.
      const head = await fetchPage({ page: 1, pageSize: size });
      end = head.total;
      start = Math.max(lowerBound, end - size);
      window = end <= head.items.length ? { items: head.items.slice(start, end), total: head.total } : await fetchWindow(fetchPage, start, end);
    }
  }

  const total = window.total;
  const items = window.items;
  const edges = items.map((node, index) => ({ cursor: offsetToCursor(start + index), node }));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasPreviousPage: start > 0 && total > 0,
      hasNextPage: start + items.length < total,
    },
  };
}

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** Decodes `after`/`before`; a cursor that is not one of ours is a validation issue, beside any the caller found. */
export function connectionOffsets(args: ConnectionArgs, issues: ErrorDetail[] = []) {
  const afterOffset = args.after == null ? null : cursorToOffset(args.after);
  const beforeOffset = args.before == null ? null : cursorToOffset(args.before);
  if (args.after != null && afterOffset == null) issues.push({ path: 'after', message: validationTexts.cursor, code: 'invalid_format' });
  if (args.before != null && beforeOffset == null) issues.push({ path: 'before', message: validationTexts.cursor, code: 'invalid_format' });
  if (issues.length) throw new ValidationError(issues);
  return { afterOffset, beforeOffset };
}

/** A connection over an upstream page list: the one way every connection field resolves. */
export function offsetConnection<T>(args: ConnectionArgs, fetchPage: PageFetcher<T>, issues: ErrorDetail[] = []) {
  return resolveOffsetConnection({ first: args.first, last: args.last, ...connectionOffsets(args, issues) }, fetchPage);
}

/** The `totalCount` every connection type carries (Pothos connection options). */
export const connectionTotalCount = {
  fields: (t: any) => ({
    totalCount: t.int({ resolve: (connection: { totalCount: number }) => connection.totalCount }),
  }),
};

/** An upstream list answer: a page of `results` and how many there are in all (`count`, or `total` as some APIs say it). */
export type ResultsPage<T> = { results: T[]; count: number } | { results: T[]; total: number };

/** A connection over an upstream list that answers one page of results at a time. */
export function resultsConnection<T>(args: ConnectionArgs, fetchPage: (page: UpstreamPage) => Promise<ResultsPage<T>>, issues: ErrorDetail[] = []) {
  return offsetConnection(
    args,
    async (page) => {
      const answer = await fetchPage(page);
      return { items: answer.results, total: 'count' in answer ? answer.count : answer.total };
    },
    issues,
  );
}

/** A whole list the upstream answers at once (or one already in hand), served as a connection by slicing; loaded once per field. */
export function sliceConnection<T>(args: ConnectionArgs, load: () => Promise<T[]> | T[], issues: ErrorDetail[] = []) {
  let all: Promise<T[]> | T[] | undefined;
  return offsetConnection(
    args,
    async ({ page, pageSize }) => {
      const items = await (all ??= load());
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length };
    },
    issues,
  );
}

type Types = typeof builder.$inferSchemaTypes;
type ErrorClass = new (...args: any[]) => Error;

export interface ListConnectionOptions<Parent, Type extends OutputType<Types>, Args extends InputFieldMap> {
  type: Type;
  description?: string;
  /** A connection only some callers get (the viewer's own lists): null for the others. */
  nullable?: boolean;
  args?: Args;
  errors?: { types: readonly ErrorClass[]; directResult: true };
  resolve: (
    parent: Parent,
    args: ConnectionArgs & (InputFieldMap extends Args ? object : InputShapeFromFields<Args>),
    context: GatewayContext,
  ) => OffsetConnection<OutputShape<Types, Type>> | null | Promise<OffsetConnection<OutputShape<Types, Type>> | null>;
}

/**
 * A Relay connection field as every list here is shaped: `<name>Connection` with `totalCount` (more fields with
 * `connectionFields`) and `<name>Edge`, the paging arguments checked with the domain's rules before the resolver runs.
 */
export function listConnection<Parent, Type extends OutputType<Types>, Args extends InputFieldMap = InputFieldMap>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  name: string,
  options: ListConnectionOptions<Parent, Type, Args>,
  connectionFields: (t: any) => Record<string, unknown> = connectionTotalCount.fields,
): FieldRef<Types, unknown> {
  // Pothos' own `connection` signature is too deep to pass through generically; the signature above keeps callers typed.
  const connection = (t as unknown as { connection: (...args: unknown[]) => FieldRef<Types, unknown> }).connection;
  return connection.call(t, { ...options, validate: connectionArgsSchema }, { name: `${name}Connection`, fields: connectionFields }, { name: `${name}Edge` });
}

/** `listConnection` for a root Query field. */
export function queryConnection<Type extends OutputType<Types>, Args extends InputFieldMap = InputFieldMap>(
  t: PothosSchemaTypes.QueryFieldBuilder<Types, Types['Root']>,
  name: string,
  options: ListConnectionOptions<Types['Root'], Type, Args>,
): FieldRef<Types, unknown> {
  return listConnection(t as never, name, options);
}
