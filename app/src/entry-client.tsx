import { HydrationBoundary, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./routing/App";
import { makeQueryClient } from "./routing/queryClient";
import type { PageState } from "./routing/types";
import { clientRouteSets } from "./routesets/client";

async function start() {
  const stateElement = document.getElementById("__bank_state");
  const root = document.getElementById("root");
  if (!stateElement || !root) return;
  const state = JSON.parse(stateElement.textContent ?? "{}") as PageState;
  const load = clientRouteSets[state.routeSet];
  if (!load) throw new Error(`no client bundle for route set ${state.routeSet}`);
  const set = await load();
  const client = makeQueryClient();
  hydrateRoot(
    root,
    <StrictMode>
      <QueryClientProvider client={client}>
        <HydrationBoundary state={state.dehydrated as never}>
          <BrowserRouter>
            <App
              set={set}
              context={{
                layout: state.layout,
                site: state.site,
                session: state.session,
                timings: state.timings,
              }}
            />
          </BrowserRouter>
        </HydrationBoundary>
      </QueryClientProvider>
    </StrictMode>,
  );
  document.documentElement.dataset.hydrated = "true";
}

void start();
