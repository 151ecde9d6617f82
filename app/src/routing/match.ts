import { matchPath } from "react-router";
import type { AppRoute } from "./types";

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

/** The first route whose pattern matches the whole path, as <Routes> would choose it. */
export function matchRoute(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const found = matchPath({ path: route.path, end: true }, pathname);
    if (found) return { route, params: found.params };
  }
  return null;
}
