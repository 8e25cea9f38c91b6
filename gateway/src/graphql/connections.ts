import { createHash } from 'node:crypto';
import type { GraphQLResolveInfo } from 'graphql';
import type { ArgBuilder, FieldRef, InputFieldMap, InputShapeFromFields, OutputShape, OutputType } from '@pothos/core';
import { CONNECTION_SIZE_MAX, connectionArgsSchema, validationTexts } from '../../../domain/index.js';
import { z } from '../../../domain/zod.js';
import type { GatewayContext } from './context.js';
import { builder } from './builder.js';
import { ValidationError, type ValidationIssue } from './errors.js';

/**
 * Relay connections over the upstream's page/page_size lists, with stable cursors.
 *
 * A cursor names the last item seen: the list it came from (a hash of the parent type, field, parent and every
 * argument but the paging ones), the item's id, its sort key where the item carries it, and the offset where it
 * was seen. The next window is found by re-anchoring: the page around that offset (with a margin for drift) is
 * fetched, the item is looked up by id and the window continues after it (or, for `before`, ends before it). When
 * inserts or deletes moved the item beyond the margin, the search steps forward or backward a bounded number of
 * pages, guided by the sort key; when the item was deleted, the sort key places the boundary where it was. So an
 * insert or delete while a client pages causes neither duplicates nor gaps, forward or backward, in every list
 * whose items carry their sort key. A key that changes (a post's likes, views or replies under those sorts) moves
 * the item, so the cursor's item is looked up by id only while it still carries the key the cursor holds; otherwise
 * the key places the boundary where the item was, and the item itself is left out of the window wherever it sorts
 * now (it was seen). Lists whose order the items do not show (liked posts by the time of
 * the like, member searches by collated nickname, trending by a score of the moment) re-anchor by id and fall back
 * to the seen offset when the item is gone.
 *
 * The REST date filters (`date_to`, `date_from`) are not used to seek: the JSON dates are milliseconds while the
 * store orders by microseconds, so a date bound cannot split ties exactly, and re-anchoring answers in one call too.
 *
 * Upstream calls per page: with offset cursors it was 1 (2 when no page size up to 100 held the window). Now:
 * the first page 1; a next or previous page 1 in the common case (the window, the anchor and a margin of up to
 * `DRIFT_MARGIN` items each side fit one page of at most 100, and the total rides along), 2 when they do not fit
 * one page or the anchor drifted past the margin, at most 2 + `SEARCH_STEPS` when it drifted far. `last` without
 * `before` costs 2, as before: the list's end is unknown until asked.
 *
 * Hand-written because no kept library pages a page-number API by item: Pothos' helpers (and graphql-relay's)
 * assume offset/limit sources or arrays in hand, whose offset cursors drift exactly as described.
 */

/** How many items each side of the seen offset the first fetch also reads, so an anchor that drifted a little is found in that one call. */
export const DRIFT_MARGIN = 10;
/** How many further fetches the search for a drifted anchor may make before it settles for its best estimate. */
export const SEARCH_STEPS = 4;

/** One value a list sorts by, as its items carry it. */
export type SortValue = string | number | boolean | null;
export type SortDirection = 'asc' | 'desc';

/**
 * How a list is ordered, as far as its items show it. `id` names an item within the list; `sort`, when the items
 * carry what the upstream sorts by, gives those values and the direction of each, plus one last direction for the id
 * that breaks ties (the upstream breaks every tie by id). Nulls sort last either way, as the upstream sorts them.
 */
export interface ListOrder<T> {
  id: (item: T) => string | number;
  sort?: { key: (item: T) => SortValue[]; directions: readonly SortDirection[] };
}

/** Items named by their `id` (or `uuid`), in an order they do not show. */
export const byIdentity: ListOrder<any> = { id: (item) => item.id ?? item.uuid };

/** Items ordered by their id alone. */
export const byId = (direction: SortDirection): ListOrder<any> => ({ id: (item) => item.id, sort: { key: () => [], directions: [direction] } });

/** Items ordered by one field they carry (a date, a count), ties broken by id the same way. */
export function byField<T extends object>(
  field: keyof T & string,
  direction: SortDirection,
  id: (item: T) => string | number = (item: any) => item.id,
): ListOrder<T> {
  return { id, sort: { key: (item) => [(item[field] ?? null) as SortValue], directions: [direction, direction] } };
}

/** The cursor's content. `offset` is where the item was seen: the hint where to look for it next. */
export interface Cursor {
  list: string;
  id: string | number;
  offset: number;
  key?: SortValue[];
}

const cursorSchema = z.object({
  l: z.string(),
  i: z.union([z.string(), z.number()]),
  o: z.number().int().min(0),
  k: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

/** Opaque to clients: base64url of a small JSON object. */
export function encodeCursor(cursor: Cursor): string {
  const content = { l: cursor.list, i: cursor.id, o: cursor.offset, ...(cursor.key ? { k: cursor.key } : {}) };
  return Buffer.from(JSON.stringify(content)).toString('base64url');
}

/** Why a cursor was refused: not one of ours, an offset cursor of the former format, or one from another list. */
export type CursorProblem = 'malformed' | 'outdated' | 'foreign';

/** The cursor a client sent, checked against the list it was sent to. */
export function decodeCursor(text: string, list: string): Cursor | CursorProblem {
  const json = Buffer.from(text, 'base64url').toString('utf8');
  if (/^offset:\d+$/.test(json)) return 'outdated';
  let content: unknown;
  try {
    content = JSON.parse(json);
  } catch {
    return 'malformed';
  }
  const parsed = cursorSchema.safeParse(content);
  if (!parsed.success) return 'malformed';
  if (parsed.data.l !== list) return 'foreign';
  return { list, id: parsed.data.i, offset: parsed.data.o, key: parsed.data.k };
}

/**
 * The name of one list in cursors: which field of which parent, with which filters and sort. Arguments absent
 * and null are the same list; the paging arguments are not part of it.
 */
export function listNameOf(field: string, parentId: unknown, filters: Record<string, unknown>): string {
  const named = Object.keys(filters)
    .filter((name) => filters[name] != null)
    .sort()
    .map((name) => [name, filters[name]]);
  return createHash('sha256')
    .update(JSON.stringify([field, parentId ?? null, named]))
    .digest('base64url')
    .slice(0, 16);
}

/** The parent a connection field hangs on, as its list's name holds it (a post, a member, an item). */
function parentIdOf(parent: unknown): unknown {
  if (parent == null || typeof parent !== 'object') return null;
  const { id, uuid, userId } = parent as { id?: unknown; uuid?: unknown; userId?: unknown };
  return id ?? uuid ?? userId ?? null;
}

const LIST_NAME = Symbol('connection list name');

export interface ConnectionArgs {
  first?: number | null;
  /** Where a numbered page starts (fields that offer it): the window is positional, its edges' cursors stable. */
  offset?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  /**
   * Set by `listConnection` from the field, its parent and its filters: the name cursors carry. Worked out (a hash)
   * only when a cursor is read or written.
   */
  [LIST_NAME]?: () => string;
}

/** The list name of a field as `listConnection` derives it (for a cursor made elsewhere, like a created reply's edge). */
export function connectionListName(parentType: string, field: string, parent: unknown, filters: Record<string, unknown> = {}): string {
  return listNameOf(`${parentType}.${field}`, parentIdOf(parent), filters);
}

const cursorMessages: Record<CursorProblem, string> = {
  malformed: validationTexts.cursor,
  outdated: validationTexts.cursorOutdated,
  foreign: validationTexts.cursorForeign,
};
const cursorCodes: Record<CursorProblem, string> = { malformed: 'invalid_format', outdated: 'outdated_cursor', foreign: 'foreign_cursor' };

/** The one error a bad paging argument raises, its issues located by argument name. */
export function pagingArgumentError(issues: ValidationIssue[]): Error {
  return new ValidationError(issues);
}

/** Decodes `after`/`before` for this list; a refused cursor is a validation issue, beside any the caller found. */
export function connectionCursors(args: ConnectionArgs, issues: ValidationIssue[] = []) {
  const list = args[LIST_NAME] ?? (() => '');
  const read = (name: 'after' | 'before'): Cursor | null => {
    const text = args[name];
    if (text == null) return null;
    const cursor = decodeCursor(text, list());
    if (typeof cursor !== 'string') return cursor;
    issues.push({ path: [name], message: cursorMessages[cursor], code: cursorCodes[cursor] });
    return null;
  };
  const after = read('after');
  const before = read('before');
  if (issues.length) throw pagingArgumentError(issues);
  return { list, after, before };
}

export interface UpstreamPage {
  page: number;
  pageSize: number;
}

/** Upstream pages covering offsets [start, end): one page when any page size up to the maximum holds the window, else two. */
export function planPages(start: number, end: number, maxPageSize = CONNECTION_SIZE_MAX): UpstreamPage[] {
  const length = Math.max(1, end - start);
  if (length > maxPageSize) {
    const pages: UpstreamPage[] = [];
    for (let page = Math.floor(start / maxPageSize); page * maxPageSize < end; page++) pages.push({ page: page + 1, pageSize: maxPageSize });
    return pages;
  }
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

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  totalCount: number;
}

/** The part of a list read so far, by offset, one contiguous run [from, to) grown by whole upstream pages. */
class ListReader<T> {
  private readonly items = new Map<number, T>();
  total: number | undefined;
  from = 0;
  to = 0;
  calls = 0;

  constructor(private readonly fetchPage: PageFetcher<T>) {}

  /**
   * Reads [start, end) as far as the list reaches. A range next to (or over) the run extends it, reading only what
   * is missing; a range apart from it starts a new run, so a jump never reads the items in between.
   */
  async read(start: number, end: number): Promise<void> {
    start = Math.max(0, start);
    if (this.total !== undefined) end = Math.min(end, this.total);
    if (this.calls > 0) {
      if (start >= this.from && end <= this.to) return;
      if (end < this.from || start > this.to) {
        this.items.clear();
        [this.from, this.to] = [start, start];
      } else if (start < this.from && end > this.to) {
        await this.read(start, this.from);
        return this.read(this.to, end);
      } else if (start >= this.from) start = this.to;
      else end = this.from;
      if (end <= start) return;
    }
    const pages = planPages(start, Math.max(end, start + 1));
    this.calls += pages.length;
    const answers = await Promise.all(pages.map((page) => this.fetchPage(page)));
    const started = (pages[0].page - 1) * pages[0].pageSize;
    let reached = started;
    answers.forEach((answer, index) => {
      const offset = (pages[index].page - 1) * pages[index].pageSize;
      answer.items.forEach((item, position) => this.items.set(offset + position, item));
      if (offset <= reached) reached = Math.max(reached, offset + answer.items.length);
    });
    this.total = answers.at(-1)!.total;
    const empty = this.to <= this.from;
    [this.from, this.to] = empty ? [started, reached] : [Math.min(this.from, started), Math.max(this.to, reached)];
  }

  at(offset: number): T | undefined {
    return this.items.get(offset);
  }

  /** The offset of the item with this id in the run read, or -1. */
  offsetOf(id: string | number, order: ListOrder<T>): number {
    for (let offset = this.from; offset < this.to; offset++) {
      const item = this.items.get(offset);
      if (item !== undefined && String(order.id(item)) === String(id)) return offset;
    }
    return -1;
  }
}

function compareValues(a: SortValue | string | number, b: SortValue | string | number, direction: SortDirection): number {
  if (a === b) return 0;
  // Nulls last whichever the direction, as the upstream sorts them.
  if (a === null) return 1;
  if (b === null) return -1;
  const numeric = typeof a === 'number' || typeof b === 'number' || (/^\d+$/.test(String(a)) && /^\d+$/.test(String(b)));
  const order = numeric ? Number(a) - Number(b) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  return direction === 'asc' ? order : -order;
}

/** Negative when the item comes before the cursor's item in the list, positive after; null when the list's items do not show its order. */
function comparerFor<T>(cursor: Cursor, order: ListOrder<T>): ((item: T) => number) | null {
  const sort = order.sort;
  if (!sort || !cursor.key || cursor.key.length !== sort.directions.length - 1) return null;
  const anchor = [...cursor.key, cursor.id];
  return (item) => {
    const values = [...sort.key(item), order.id(item)];
    for (let index = 0; index < anchor.length; index++) {
      const difference = compareValues(values[index], anchor[index], sort.directions[index]);
      if (difference !== 0) return difference;
    }
    return 0;
  };
}

/**
 * How many items of the list now come before the cursor's boundary: through its item for `after` (inclusive), before
 * it for `before`. Found by the item's id in the run read, else by its sort key, stepping a page at a time.
 */
async function boundaryOf<T>(reader: ListReader<T>, cursor: Cursor, order: ListOrder<T>, inclusive: boolean): Promise<number> {
  const compare = comparerFor(cursor, order);
  let span = 2 * DRIFT_MARGIN + 1;
  const seenOffsetRead = reader.calls > 0 && cursor.offset >= reader.from && cursor.offset < reader.to;
  if (!seenOffsetRead) await reader.read(cursor.offset - DRIFT_MARGIN, cursor.offset + DRIFT_MARGIN + 1);
  for (let step = 0; ; step++) {
    const found = reader.offsetOf(cursor.id, order);
    // Where the item still sorts as it did; one whose key changed since (a post liked or viewed) moved, and the
    // boundary stays where it was, by the key the cursor carries.
    if (found >= 0 && (!compare || compare(reader.at(found)!) === 0)) return inclusive ? found + 1 : found;
    const total = reader.total!;
    let forward: boolean;
    if (reader.to <= reader.from) {
      // Nothing read: the list ended before the window; look at its end.
      if (total === 0 || step >= SEARCH_STEPS) return Math.min(cursor.offset, total);
      await reader.read(total - span, total);
      continue;
    }
    if (compare) {
      let firstAfter = -1;
      for (let offset = reader.from; offset < reader.to; offset++) {
        if (compare(reader.at(offset)!) > 0) {
          firstAfter = offset;
          break;
        }
      }
      if (firstAfter > reader.from || firstAfter === 0) return firstAfter;
      if (firstAfter === -1 && reader.to >= total) return total;
      forward = firstAfter === -1;
      if (step >= SEARCH_STEPS) return forward ? reader.to : reader.from;
    } else {
      // Without a key: newer items push older ones down, so look further on first, then back.
      if (step >= Math.min(2, SEARCH_STEPS)) return Math.min(cursor.offset + (inclusive ? 1 : 0), total);
      forward = step % 2 === 0 ? reader.to < total : reader.from === 0;
      if (forward && reader.to >= total && reader.from === 0) return Math.min(cursor.offset + (inclusive ? 1 : 0), total);
    }
    span = Math.min(CONNECTION_SIZE_MAX, span * 2);
    if (forward) await reader.read(reader.to, reader.to + span);
    else await reader.read(reader.from - span, reader.from);
  }
}

/**
 * Resolves a connection from already validated args (exactly one of first/last in range, cursors decoded).
 * `after`/`before` are exclusive bounds, as the Relay cursor specification defines them.
 */
export async function resolveConnection<T>(
  args: { first?: number | null; last?: number | null; offset?: number | null; after?: Cursor | null; before?: Cursor | null; list?: string | (() => string) },
  fetchPage: PageFetcher<T>,
  order: ListOrder<T> = byIdentity,
): Promise<Connection<T>> {
  const reader = new ListReader(fetchPage);
  const forward = args.first != null;
  const size = args.first ?? args.last ?? 1;
  // The margin each side of the anchor, as wide as keeps anchor, margin and window within one page.
  const margin = Math.max(0, Math.min(DRIFT_MARGIN, Math.floor((CONNECTION_SIZE_MAX - size - 1) / 2)));
  if (forward && args.after) await reader.read(args.after.offset - margin, args.after.offset + 1 + size + margin);
  if (!forward && args.before) await reader.read(args.before.offset - size - margin, args.before.offset + 1 + margin);

  const lower = args.after ? await boundaryOf(reader, args.after, order, true) : (args.offset ?? 0);
  let upper = args.before ? await boundaryOf(reader, args.before, order, false) : undefined;
  let start: number;
  let end: number;
  if (forward) {
    start = lower;
    end = Math.min(start + size, upper ?? Infinity);
  } else {
    if (upper === undefined) {
      // The end is the list's length, unknown until asked: the first page answers it and, for short lists, is the window.
      if (reader.total === undefined) await reader.read(0, size);
      upper = reader.total!;
    }
    end = upper;
    start = Math.max(lower, end - size);
  }
  end = Math.max(start, end);
  // A cursor's own item is never in its window (`after` and `before` are exclusive), even where it sorts inside it
  // now: it moved since (liked, viewed) and was seen where it was. The window then reaches one item further.
  const anchors = new Set([args.after, args.before].flatMap((cursor) => (cursor ? [String(cursor.id)] : [])));
  const reach = anchors.size ? 1 : 0;
  await reader.read(forward ? start : start - reach, forward ? end + reach : end);
  const total = reader.total!;
  const skip = (item: T) => anchors.has(String(order.id(item)));
  const offsets = forward
    ? windowOffsets(reader, { from: start, to: Math.min(upper ?? total, total) }, size, skip)
    : windowOffsets(reader, { from: lower, to: end, last: true }, size, skip);
  const items = offsets.map((offset) => reader.at(offset)!);
  const listName = args.list ?? '';
  const list = typeof listName === 'string' ? () => listName : listName;
  // Cursors are written when a client selects them: most selections (a post's replies and their answers) do not.
  const cursorAt = (index: number) => encodeCursor({ list: list(), id: order.id(items[index]), offset: offsets[index], key: order.sort?.key(items[index]) });
  const edges = items.map((node, index) => ({
    node,
    get cursor() {
      return cursorAt(index);
    },
  }));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      get startCursor() {
        return items.length ? cursorAt(0) : null;
      },
      get endCursor() {
        return items.length ? cursorAt(items.length - 1) : null;
      },
      hasPreviousPage: (offsets[0] ?? start) > 0 && total > 0,
      hasNextPage: (items.length ? offsets.at(-1)! + 1 : start) < total,
    },
  };
}

/**
 * The offsets of the first `size` items read in [from, to) (the last `size` with `last`), in list order, leaving out
 * the items `skip` names.
 */
function windowOffsets<T>(reader: ListReader<T>, range: { from: number; to: number; last?: boolean }, size: number, skip: (item: T) => boolean) {
  const offsets: number[] = [];
  const step = range.last ? -1 : 1;
  for (let offset = range.last ? range.to - 1 : range.from; offset >= range.from && offset < range.to && offsets.length < size; offset += step) {
    const item = reader.at(offset);
    if (item === undefined) break;
    if (!skip(item)) offsets.push(offset);
  }
  return range.last ? offsets.reverse() : offsets;
}

/** The cursor of one item of a list, made outside a page of it (a created item's edge). */
export function cursorOf<T>(list: string, item: T, offset: number, order: ListOrder<T> = byIdentity): string {
  return encodeCursor({ list, id: order.id(item), offset: Math.max(0, offset), key: order.sort?.key(item) });
}

/** A connection over an upstream page list: the one way every connection field resolves. */
export function pageConnection<T>(args: ConnectionArgs, fetchPage: PageFetcher<T>, order: ListOrder<T> = byIdentity, issues: ValidationIssue[] = []) {
  return resolveConnection({ first: args.first, last: args.last, offset: args.offset, ...connectionCursors(args, issues) }, fetchPage, order);
}

/** The `offset` argument of a connection that serves numbered pages. */
export const offsetArgument = (t: Pick<ArgBuilder<Types>, 'int'>) =>
  t.int({ description: 'For numbered pages: where the window starts, from 0. Only with `first`, never with `after`, `before` or `last`.' });

/** The `totalCount` every connection type carries (Pothos connection options). */
export const connectionTotalCount = {
  fields: (t: any) => ({
    totalCount: t.int({
      description: 'How many items the whole list holds, over every page.',
      resolve: (connection: { totalCount: number }) => connection.totalCount,
    }),
  }),
};

/** An upstream list answer: a page of `results` and how many there are in all (`count`, or `total` as some APIs say it). */
export type ResultsPage<T> = { results: T[]; count: number } | { results: T[]; total: number };

/** A connection over an upstream list that answers one page of results at a time. */
export function resultsConnection<T>(
  args: ConnectionArgs,
  fetchPage: (page: UpstreamPage) => Promise<ResultsPage<T>>,
  order: ListOrder<T> = byIdentity,
  issues: ValidationIssue[] = [],
) {
  return pageConnection(
    args,
    async (page) => {
      const answer = await fetchPage(page);
      return { items: answer.results, total: 'count' in answer ? answer.count : answer.total };
    },
    order,
    issues,
  );
}

/** A whole list the upstream answers at once (or one already in hand), served as a connection by slicing; loaded once per field. */
export function sliceConnection<T>(args: ConnectionArgs, load: () => Promise<T[]> | T[], order: ListOrder<T> = byIdentity, issues: ValidationIssue[] = []) {
  let all: Promise<T[]> | T[] | undefined;
  return pageConnection(
    args,
    async ({ page, pageSize }) => {
      const items = await (all ??= load());
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length };
    },
    order,
    issues,
  );
}

type Types = typeof builder.$inferSchemaTypes;
type ErrorClass = new (...args: any[]) => Error;

export interface ListConnectionOptions<Parent, Type extends OutputType<Types>, Args extends InputFieldMap> {
  type: Type;
  description?: string;
  /** Nullable unless told otherwise, so a failure of the list (a bad paging argument, its upstream down) is null with its located error and leaves the parent and its siblings their data. */
  nullable?: boolean;
  args?: Args;
  errors?: { types: readonly ErrorClass[]; directResult: true };
  resolve: (
    parent: Parent,
    args: ConnectionArgs & (InputFieldMap extends Args ? object : InputShapeFromFields<Args>),
    context: GatewayContext,
  ) => Connection<OutputShape<Types, Type>> | null | Promise<Connection<OutputShape<Types, Type>> | null>;
}

/** How many outcomes of the paging rules are remembered (every size, with or without cursors, and then some offsets). */
const REMEMBERED_PAGING_OUTCOMES = 2_000;

/**
 * `connectionArgsSchema` remembered by the only values its rules read: the sizes, the offset and whether cursors were
 * given. A post's detail asks the same `replies(first: 10)` of each of its replies, and zod walked the same numbers
 * every time. Arguments that pass are handed on as they came (the schema transforms nothing).
 */
const pagingRules = (() => {
  const rules = connectionArgsSchema['~standard'];
  const outcomes = new Map<string, ReturnType<typeof rules.validate>>();
  const validate: typeof rules.validate = (value) => {
    const args = value as ConnectionArgs;
    const key = `${args.first}|${args.last}|${args.offset}|${args.after != null}|${args.before != null}`;
    let outcome = outcomes.get(key);
    if (!outcome) {
      outcome = rules.validate(value);
      if (outcome instanceof Promise) return outcome;
      if (outcomes.size < REMEMBERED_PAGING_OUTCOMES) outcomes.set(key, outcome);
    }
    return 'issues' in outcome && outcome.issues ? outcome : { value: value as never };
  };
  return { '~standard': { ...rules, validate } };
})();

/**
 * A Relay connection field as every list here is shaped: `<name>Connection` with `totalCount` (more fields with
 * `connectionFields`) and `<name>Edge`, the paging arguments checked with the domain's rules before the resolver runs,
 * and the list's name (field, parent, filters) handed to the resolver for its cursors.
 */
export function listConnection<Parent, Type extends OutputType<Types>, Args extends InputFieldMap = InputFieldMap>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  name: string,
  options: ListConnectionOptions<Parent, Type, Args>,
  connectionFields: (t: any) => Record<string, unknown> = connectionTotalCount.fields,
): FieldRef<Types, unknown> {
  // Pothos' own `connection` signature is too deep to pass through generically; the signature above keeps callers typed.
  const connection = (t as unknown as { connection: (...args: unknown[]) => FieldRef<Types, unknown> }).connection;
  const item = typeof options.type === 'string' ? options.type : (options.type as { name: string }).name;
  const resolve = (parent: Parent, args: ConnectionArgs & Record<string, unknown>, context: GatewayContext, info: GraphQLResolveInfo) => {
    let list: string | undefined;
    const listName = () => {
      if (list !== undefined) return list;
      const { first: _first, last: _last, after: _after, before: _before, offset: _offset, ...filters } = args;
      return (list = connectionListName(info.parentType.name, info.fieldName, parent, filters));
    };
    return options.resolve(parent, { ...args, [LIST_NAME]: listName } as never, context);
  };
  return connection.call(
    t,
    { nullable: true, ...options, resolve, validate: pagingRules },
    { name: `${name}Connection`, description: `A page of \`${item}\` items, with cursors to page on (Relay cursor connection).`, fields: connectionFields },
    { name: `${name}Edge`, description: `One \`${item}\` in a page, with the cursor to page on from it.` },
  );
}

/** `listConnection` for a root Query field (nullable, as every list is, so the operation's other root fields keep their data). */
export function queryConnection<Type extends OutputType<Types>, Args extends InputFieldMap = InputFieldMap>(
  t: PothosSchemaTypes.QueryFieldBuilder<Types, Types['Root']>,
  name: string,
  options: ListConnectionOptions<Types['Root'], Type, Args>,
): FieldRef<Types, unknown> {
  return listConnection(t as never, name, { nullable: true, ...options });
}
