import { matchPath } from "react-router";
import type { AppRoute } from "./types";

export interface RouteMatch {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/** The first route whose pattern matches the whole path: what React Router's ranking would choose
 * (match.test.ts), without flattening and ranking every pattern on each call. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  return __SERVER__ ? rememberedMatch(routes, pathname) : firstMatch(routes, pathname);
}

function firstMatch(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const found = matchPath({ path: route.path, end: true }, pathname);
    if (found) return { route, params: found.params };
  }
  return null;
}

// The server matches every render's path twice (the render and <App>), over and over for the same
// few paths, and `matchPath` compiles each pattern it tries into a regular expression: 40–90 µs
// for a signed-in page. So the server keeps each list's answers by path (its lists are built
// once per layout, routesets/server.ts); the browser matches once per navigation and keeps nothing.
const MAX_PATHS = 512;
let remembered: WeakMap<readonly AppRoute[], Map<string, RouteMatch | null>> | undefined;

function rememberedMatch(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  remembered ??= new WeakMap();
  let byPath = remembered.get(routes);
  if (!byPath) {
    byPath = new Map();
    remembered.set(routes, byPath);
  }
  const known = byPath.get(pathname);
  if (known !== undefined) return known;
  const found = firstMatch(routes, pathname);
  // One answer serves many renders: none of them may change it for the next.
  if (found) Object.freeze(found.params);
  // Paths carry ids, so anyone can ask for any number of them: start again rather than grow.
  if (byPath.size >= MAX_PATHS) byPath.clear();
  byPath.set(pathname, found);
  return found;
}
