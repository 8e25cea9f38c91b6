import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RouteDataContext, useLoadedEntry } from './navigation';
import { useScrollRestoration } from './scrollRestoration';

/** Renders the routes for the current entry, with that entry's loader result for its screen. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const loaded = useLoadedEntry(location);
  useScrollRestoration();
  const element = useRoutes(routes, location);
  return <RouteDataContext.Provider value={loaded}>{element}</RouteDataContext.Provider>;
}
