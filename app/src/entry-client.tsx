import { HydrationBoundary, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { takeLondonOffsets } from "./lib/format";
import { App } from "./routing/App";
import { loadPage } from "./routing/lazyPage";
import { matchRoute } from "./routing/match";
import { makeQueryClient } from "./routing/queryClient";
import type { PageState } from "./routing/types";
import { clientRouteSets } from "./routesets/client";

/** Marks the document once hydration has committed (tests and scripts wait for it). It wraps
 * the app rather than sitting beside it: a sibling would add a level to every useId path, so
 * each id would differ from the server's, and a label would point at nothing once a control
 * re-renders after hydration. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return children;
}

async function start() {
  const stateElement = document.getElementById("__bank_state");
  const root = document.getElementById("root");
  if (!stateElement || !root) return;
  const state = JSON.parse(stateElement.textContent ?? "{}") as PageState;
  takeLondonOffsets(state.london);
  const load = clientRouteSets[state.routeSet];
  if (!load) throw new Error(`no client bundle for route set ${state.routeSet}`);
  const set = await load();
  // A plain form post answered with another page (a transfer's approval): the address moves
  // to that page's path, its values staying out of it, so the router matches what was drawn.
  if (state.path && state.path !== window.location.pathname)
    window.history.replaceState(null, "", state.path);
  // The page the server rendered must be there before hydration, or React would replace the
  // server's HTML with the loading fallback.
  const match = matchRoute(set.routes(state.layout), window.location.pathname);
  await loadPage((match?.route ?? set.notFound).Component);
  const client = makeQueryClient();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // a slow phone's main thread for the whole page.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <QueryClientProvider client={client}>
          <HydrationBoundary state={state.dehydrated as never}>
            <Hydrated>
              <BrowserRouter>
                <App
                  set={set}
                  context={{
                    layout: state.layout,
                    site: state.site,
                    session: state.session,
                    timings: state.timings,
                    ...(state.posted ? { posted: state.posted } : {}),
                  }}
                />
              </BrowserRouter>
            </Hydrated>
          </HydrationBoundary>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

void start();
