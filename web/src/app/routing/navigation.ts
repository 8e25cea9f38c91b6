import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { createPath, matchRoutes, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type Params, type RouteObject } from 'react-router-dom';
import type { PreloadedQuery } from 'react-relay';
import type { OperationType } from 'relay-runtime';
import { rememberScrollPosition } from './scrollRestoration';

/** What a route's loader gets: the URL it is loading and the path's parameters. */
export interface RouteLoaderArgs {
  params: Params;
  request: { url: string };
}

export type RouteLoader = (args: RouteLoaderArgs) => unknown;

/**
 * Render-as-you-fetch on React Router's declarative mode. Its data router (createBrowserRouter) does the same
 * for loaders, but it costs twice the bytes of the whole declarative router and most of it (actions, fetchers,
 * revalidation rules, middleware) this app never uses, while the first screen's JavaScript has a budget
 * (WEB_INITIAL_JS_BUDGET_KB). Our loaders are synchronous (they start a Relay query and return its
 * reference), so all that is left to do by hand is: run the matched route's loader as soon as the address
 * changes, before React renders the new screen, and tell the UI that a navigation is under way.
 */
type History = ReturnType<typeof createBrowserHistory>;

const browserHistory = createBrowserHistory({ v5Compat: true });
/** history.location builds a new object on every read; this one changes only when the address does. */
let latestLocation = browserHistory.location;

/** The routes whose loaders run; set once by the app (router.tsx) before the first render. */
let routes: RouteObject[] = [];
const loaderOf = new WeakMap<RouteObject, RouteLoader>();

/** A route's loader result per history entry. Bounded: only recent entries can still be on screen. */
const loadedByEntry = new Map<string, LoadedEntry>();

/** A loader's result, or what it threw (rethrown where the screen renders, so the screen's frame shows it). */
interface LoadedEntry {
  data: unknown;
  error?: unknown;
}
const KEPT_ENTRIES = 20;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load(location: Location) {
  const leaf = matchRoutes(routes, location)?.at(-1);
  const loader = leaf && loaderOf.get(leaf.route);
  const url = new URL(createPath(location), window.location.origin).href;
  let entry: LoadedEntry;
  try {
    entry = { data: loader ? loader({ params: leaf.params, request: { url } }) : null };
  } catch (error) {
    entry = { data: null, error };
  }
  keep(location, entry);
}

function keep(location: Location, entry: LoadedEntry) {
  loadedByEntry.delete(location.key);
  loadedByEntry.set(location.key, entry);
  for (const key of loadedByEntry.keys()) {
    if (loadedByEntry.size <= KEPT_ENTRIES) break;
    loadedByEntry.delete(key);
  }
}

/** Registers the app's routes, with each screen's loader, and starts the loader of the address the app opened at. */
export function startRoutes(appRoutes: RouteObject[], loaders: ReadonlyMap<RouteObject, RouteLoader>) {
  routes = appRoutes;
  for (const [route, loader] of loaders) loaderOf.set(route, loader);
  load(latestLocation);
}

/**
 * The app's history: the browser's, with the matched loader run (and the pending location published) before
 * the router hears of the change. The router then renders the new location in a transition, so the current
 * screen stays until the new one's code and data are ready.
 */
export const history: History = Object.create(browserHistory, {
  listen: {
    value: (routerListener: Parameters<History['listen']>[0]) =>
      browserHistory.listen((update) => {
        rememberScrollPosition();
        const previous = latestLocation;
        latestLocation = update.location;
        // A new entry at the address on screen (a modal's), or Back from one, shows the same screen with the same data:
        // its loader does not run again (which would read the screen's query anew and lose its further pages).
        const shown = loadedByEntry.get(previous.key);
        if (update.action !== 'REPLACE' && shown && createPath(update.location) === createPath(previous)) keep(update.location, shown);
        else load(update.location);
        notify();
        routerListener(update);
      }),
  },
});

/** What the loader of the screen shown (or being opened) answered: its query reference, if it started one. */
export function currentRouteData(): unknown {
  return loadedByEntry.get(latestLocation.key)?.data;
}

/**
 * The location the app is heading to while a navigation is pending, else the current one. Lets a screen reflect
 * a tap (a selected chip) before the new screen's data has arrived.
 */
export function useLatestLocation(): Location {
  return useSyncExternalStore(subscribe, () => latestLocation);
}

interface RouteDataValue extends LoadedEntry {
  revalidate: () => void;
}

export const RouteDataContext = createContext<RouteDataValue>({ data: null, revalidate: () => {} });

/** Runs the current route's loader again (a screen's "다시 시도"). */
export function useRevalidate(): () => void {
  return useContext(RouteDataContext).revalidate;
}

/** The loader result for a history entry, and a way to run that loader again; read by AppRoutes. */
export function useLoadedEntry(location: Location): RouteDataValue {
  // Every entry is loaded before the router renders it (startRoutes, history.listen), and the rendered ones are
  // always among the most recent, so the bounded map still holds it.
  const entry = useSyncExternalStore(subscribe, () => loadedByEntry.get(location.key));
  const revalidate = useCallback(() => {
    load(location);
    notify();
  }, [location]);
  return useMemo(() => ({ data: entry?.data ?? null, error: entry?.error, revalidate }), [entry, revalidate]);
}

/**
 * The query the loader of the location being rendered started (loadRouteQuery, or loadQuery for a screen that pages
 * itself), or null when it started none (nothing to look for, nothing to find); what the loader threw is thrown here.
 * TQuery names the query of the route's loader.
 */
export function useRouteQuery<TQuery extends OperationType>(): PreloadedQuery<TQuery> | null {
  const { data, error } = useContext(RouteDataContext);
  if (error) throw error;
  // Loaders answer a query reference or null; anything else (a loader that changed its answer) reads as no query.
  const reference = data as PreloadedQuery<TQuery> | null;
  return reference?.kind === 'PreloadedQuery' ? reference : null;
}
