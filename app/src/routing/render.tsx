// The server render: choose the route set, match the route, run its redirect and data loads
// with a QueryClient made for this request only, render to HTML and dehydrate the cache.
import { dehydrate, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { featuresQuery, isOn } from "../api/features";
import { AcsPage } from "../features/policies/AcsPage";
import { PolicyPage } from "../features/policies/PolicyPage";
import { policyTexts } from "../features/policies/texts";
import { ApiError } from "../api/client";
import { AppContext, type AppContextValue } from "../lib/appContext";
import { londonOffsets } from "../lib/format";
import { parseQuery, splitUrl } from "../lib/url";
import { serverRouteSets } from "../routesets/server";
import { ErrorPage } from "../ui/ErrorPage";
import { MaintenancePage } from "../ui/MaintenancePage";
import { App } from "./App";
import { type RenderSignals, RenderSignalsContext } from "./Redirect";
import { loadPage, pageIdOf } from "./lazyPage";
import { matchRoute } from "./match";
import { makeQueryClient } from "./queryClient";
import { chooseRouteSet, isBackOffice } from "./routeSet";
import type { RenderInput, RenderOutput } from "./types";

function staticPage(input: RenderInput, context: AppContextValue, node: ReactNode, status = 200) {
  return {
    status,
    hydrate: false,
    html: renderToString(
      <AppContext.Provider value={context}>
        <StaticRouter location={input.url}>{node}</StaticRouter>
      </AppContext.Provider>,
    ),
  };
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const { pathname, search } = splitUrl(input.url);
  const context: AppContextValue = {
    layout: input.layout,
    site: input.site,
    session: input.session,
    timings: input.timings,
    ...(input.posted ? { posted: input.posted } : {}),
  };
  const routeSet = isBackOffice(pathname) ? "backoffice" : chooseRouteSet(input.session);

  // SPEC §1 maintenance: every page is the maintenance screen, with no script to run.
  if (isOn(input.features, "maintenance")) {
    return {
      ...staticPage(
        input,
        context,
        <MaintenancePage supportPhone={input.site.supportPhone} url={input.url} />,
        503,
      ),
      routeSet,
      head: {
        title: "Down for maintenance",
        description: "The Internet bank is down for planned maintenance.",
      },
    };
  }

  // Fixed public paths are the same for every route set and carry no script.
  const policy = policyTexts.map((text) => text(input.site)).find((doc) => doc.path === pathname);
  if (policy) {
    return {
      ...staticPage(input, context, <PolicyPage doc={policy} />),
      routeSet,
      head: { title: policy.title, description: policy.description },
    };
  }
  if (pathname === "/acs" || pathname.startsWith("/acs/")) {
    return {
      ...staticPage(input, context, <AcsPage />),
      routeSet,
      head: { title: "Card verification", description: "Card payment verification." },
    };
  }

  const set = serverRouteSets[routeSet];
  if (!set) {
    console.error("no route set is built for", routeSet);
    return {
      ...staticPage(input, context, <ErrorPage supportPhone={input.site.supportPhone} />, 500),
      routeSet,
      head: { title: "Something went wrong", description: "" },
    };
  }
  const match = matchRoute(set.routes(input.layout), pathname);
  const route = match?.route ?? set.notFound;
  const routeContext = {
    layout: input.layout,
    params: match?.params ?? {},
    query: { ...parseQuery(search), ...input.posted },
    session: input.session,
  };
  const target = route.redirect?.(routeContext) ?? null;
  if (target !== null)
    return { status: 302, redirect: target, head: route.head, html: "", hydrate: false, routeSet };

  const client: QueryClient = makeQueryClient();
  try {
    // The server reads the flags with the session; older callers (the Node benchmark) leave
    // the render to fetch them.
    if (input.features) client.setQueryData(featuresQuery().queryKey, input.features);
    await Promise.all([
      loadPage(route.Component),
      ...(input.features ? [] : [client.fetchQuery(featuresQuery())]),
      ...(route.prefetch?.(client, routeContext) ?? []),
    ]);
    const signals: RenderSignals = { redirect: null };
    const html = renderToString(
      <RenderSignalsContext.Provider value={signals}>
        <QueryClientProvider client={client}>
          <StaticRouter location={input.url}>
            <App set={set} context={context} />
          </StaticRouter>
        </QueryClientProvider>
      </RenderSignalsContext.Provider>,
    );
    if (signals.redirect !== null)
      return {
        status: 302,
        redirect: signals.redirect,
        head: route.head,
        html: "",
        hydrate: false,
        routeSet,
      };
    return {
      status: match ? 200 : (route.status ?? 404),
      head: route.head,
      html,
      hydrate: route.hydrate ?? true,
      routeSet,
      page: pageIdOf(route.Component),
      state: {
        routeSet,
        layout: input.layout,
        session: input.session,
        site: input.site,
        timings: input.timings,
        path: pathname,
        ...(input.posted ? { posted: input.posted } : {}),
        london: londonOffsets(new Date()),
        dehydrated: dehydrate(client),
      },
    };
  } catch (error) {
    // A state the page did not expect (its data refused, not a fault): the set's own way on.
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (refused && set.whenRefused && set.whenRefused !== pathname)
      return { status: 302, redirect: set.whenRefused, head: route.head, html: "", hydrate: false, routeSet };
    console.error(
      "route render failed",
      pathname,
      error instanceof Error ? (error.stack ?? error.message) : error,
    );
    return {
      ...staticPage(input, context, <ErrorPage supportPhone={input.site.supportPhone} />, 500),
      routeSet,
      head: { title: "Something went wrong", description: "" },
    };
  } finally {
    client.clear();
  }
}
