import { existsSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serverRouteSets } from "../routesets/server";
import { type LazyPage, lazyPage, loadPage, pageIdOf } from "./lazyPage";

const lazyPages = (): LazyPage[] =>
  Object.values(serverRouteSets).flatMap((set) =>
    [...set.routes("desktop"), ...set.routes("mobile"), set.notFound]
      .map((route) => route.Component)
      .filter((component): component is LazyPage => pageIdOf(component) !== undefined),
  );

describe("lazyPage", () => {
  it("names, for every lazily loaded page of every route set, the module its chunk is built from", async () => {
    const pages = lazyPages();
    expect(pages.length).toBeGreaterThan(30);
    for (const page of pages) {
      const file = path.join(import.meta.dirname, "..", `${page.pageId}.tsx`);
      expect(existsSync(file), `${page.pageId} is not a module under src/`).toBe(true);
      await page.load();
    }
    // Loading every page's module (transformed on first import) takes seconds on a busy machine.
  }, 60_000);

  it("renders the page once loaded, and suspends before", async () => {
    const Page = lazyPage("test/Hello", async () => () => <p>Hello</p>);
    expect(() => renderToString(<Page />)).toThrow();
    await loadPage(Page);
    expect(renderToString(<Page />)).toBe("<p>Hello</p>");
    expect(pageIdOf(Page)).toBe("test/Hello");
  });

  it("fails the server render when a page cannot be loaded, instead of waiting for ever", async () => {
    const Page = lazyPage("test/Broken", () => Promise.reject(new Error("no chunk")));
    await expect(loadPage(Page)).rejects.toThrow("no chunk");
  });

  it("has nothing to load for a component that is not lazy", async () => {
    await expect(loadPage(() => null)).resolves.toBeUndefined();
    expect(pageIdOf(() => null)).toBeUndefined();
  });
});
