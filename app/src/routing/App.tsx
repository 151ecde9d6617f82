import { type ComponentType, type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { AppContext, type AppContextValue, useApp } from "../lib/appContext";
import { parseQuery } from "../lib/url";
import { LinkClicks } from "./Link";
import { matchRoute } from "./match";
import { RouteErrorBoundary } from "./RouteErrorBoundary";
import type { AppRoute } from "./types";

export interface RouteSetModule {
  routes: (layout: AppContextValue["layout"]) => AppRoute[];
  notFound: AppRoute;
  Frame: ComponentType<{ children: ReactNode }>;
  /** Where a server render goes when the API refuses a page's data (4xx), instead of failing. */
  whenRefused?: string;
}

function RouteView({ route, Frame }: { route: AppRoute; Frame: RouteSetModule["Frame"] }) {
  const params = useParams();
  const location = useLocation();
  const { layout, site } = useApp();
  const target = route.redirect?.({ layout, params, query: parseQuery(location.search) }) ?? null;
  useEffect(() => {
    document.title = `${route.head.title} | ${site.tradingName}`;
  }, [route, site]);
  if (target !== null) return <Navigate to={target} replace />;
  const Page = route.Component;
  // A page's chunk is loaded before the first render; only a later navigation waits here, on
  // the page's shape drawn by CSS alone (no markup, so no bytes in any route set's first load).
  return (
    <Frame>
      <RouteErrorBoundary key={location.pathname} supportPhone={site.supportPhone}>
        <Suspense fallback={<div className="page-skeleton" role="status" aria-label="Loading…" />}>
          {Page ? <Page /> : null}
        </Suspense>
      </RouteErrorBoundary>
    </Frame>
  );
}

export function App({ set, context }: { set: RouteSetModule; context: AppContextValue }) {
  // <Routes> is given only the route our matcher chose (the one the server rendered and the
  // client loaded), not all of them: over the dashboard's forty routes React Router flattens
  // and ranks every pattern on each render, a long task on a slow phone's hydration.
  // match.test.ts proves the matcher picks what React Router's ranking would.
  const route = matchRoute(set.routes(context.layout), useLocation().pathname)?.route;
  return (
    <AppContext.Provider value={context}>
      <LinkClicks>
        <Routes>
          <Route
            path={route?.path ?? "*"}
            element={<RouteView route={route ?? set.notFound} Frame={set.Frame} />}
          />
        </Routes>
      </LinkClicks>
    </AppContext.Provider>
  );
}
