import { matchPath } from "react-router";
import type { AppRoute } from "./types";

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

/** The first route whose pattern matches the whole path: what React Router's ranking would choose
 * (match.test.ts), without flattening and ranking every pattern on each call. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const found = matchPath({ path: route.path, end: true }, pathname);
    if (found) return { route, params: found.params };
  }
  return null;
}
