import type { ComponentType, FunctionComponent } from "react";

/** A page whose code is a chunk of its own, so a route set's first load carries one page, not
 * all of them. The server render and the browser's first render wait for `load()` before they
 * render, so neither suspends on it; a later navigation suspends until the chunk is there. */
export type LazyPage = FunctionComponent & {
  /** The page module's path under src/, without extension: the build's manifest names the
   * chunk files for it, which the server asks the browser to fetch with the entry. */
  readonly pageId: string;
  load(): Promise<void>;
};

export function lazyPage(pageId: string, load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const start = () => {
    pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        // A chunk that cannot be fetched (a new release replaced it, or the network dropped):
        // the server renders the same page whole, so the browser asks for it.
        if (typeof window === "undefined") throw error;
        window.location.reload();
        return new Promise<void>(() => {});
      },
    );
    return pending;
  };
  function Page() {
    if (!Loaded) throw start();
    return <Loaded />;
  }
  return Object.assign(Page, { pageId, load: start });
}

/** Loads the page of a route before it renders; other components have nothing to load. */
export function loadPage(component: ComponentType | undefined): Promise<void> {
  return component && "load" in component ? (component as LazyPage).load() : Promise.resolve();
}

export function pageIdOf(component: ComponentType | undefined): string | undefined {
  return component && "pageId" in component ? (component as LazyPage).pageId : undefined;
}
