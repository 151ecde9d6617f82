import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { serverRouteSets } from "../routesets/server";
import { matchRoute } from "./match";
import type { Layout } from "./types";

/** Paths that could make two patterns compete: each pattern with its dynamic parts filled by
 * every literal segment any pattern of the set has, and by values no pattern names. */
function candidatePaths(patterns: readonly string[]): string[] {
  const literals = new Set<string>(["123", "e5a1c2d4", "x"]);
  for (const pattern of patterns)
    for (const segment of pattern.split("/")) if (segment && !/^[:*]/.test(segment)) literals.add(segment);
  const paths = new Set<string>(["/", "/nowhere", "/dashboard/", "/DASHBOARD", "/transfer/1/extra"]);
  const fill = (segments: string[]): void => {
    const dynamic = segments.findIndex((segment) => /^[:*]/.test(segment));
    if (dynamic < 0) {
      paths.add(segments.join("/") || "/");
      return;
    }
    // A splat also matches nothing at all: "/a/*" matches "/a".
    if (segments[dynamic] === "*") fill(segments.slice(0, dynamic));
    const values = segments[dynamic] === "*" ? [...literals, "a/b", ""] : [...literals];
    for (const value of values) fill([...segments.slice(0, dynamic), value, ...segments.slice(dynamic + 1)]);
  };
  for (const pattern of patterns) fill(pattern.split("/"));
  return [...paths];
}

describe("matchRoute", () => {
  it("chooses, in every route set and layout, the route React Router's ranking would", () => {
    let compared = 0;
    for (const [name, set] of Object.entries(serverRouteSets)) {
      for (const layout of ["desktop", "mobile"] as Layout[]) {
        const routes = set.routes(layout);
        const objects: RouteObject[] = [...routes.map((route) => ({ path: route.path })), { path: "*" }];
        for (const path of candidatePaths(routes.map((route) => route.path))) {
          const theirs = matchRoutes(objects, path)?.at(-1)?.route;
          const theirIndex = theirs ? objects.indexOf(theirs) : -1;
          const ours = matchRoute(routes, path);
          const ourIndex = ours ? routes.indexOf(ours.route) : routes.length;
          expect(`${name} ${layout} ${path} → ${ourIndex}`).toBe(`${name} ${layout} ${path} → ${theirIndex}`);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("gives the chosen route's parameters", () => {
    const routes = serverRouteSets.dashboard.routes("desktop");
    expect(matchRoute(routes, "/transfer/42")?.params).toEqual({ realmId: "42" });
    expect(matchRoute(routes, "/no/such/page")).toBeNull();
  });

  it("answers a path asked again on the server as it did the first time, however many paths came between", () => {
    const routes = serverRouteSets.dashboard.routes("mobile");
    expect(serverRouteSets.dashboard.routes("mobile")).toBe(routes);
    expect(serverRouteSets.dashboard.routes("desktop")).not.toBe(routes);
    const first = matchRoute(routes, "/transfer/7");
    // More distinct paths than the server keeps answers for.
    for (let id = 0; id < 1500; id += 1)
      expect(matchRoute(routes, `/transfer/${id}`)?.params).toEqual({ realmId: String(id) });
    expect(matchRoute(routes, "/transfer/7")).toEqual(first);
    expect(matchRoute(routes, "/dashboard")?.route.path).toBe("/dashboard");
    expect(matchRoute(routes, "/dashboard")).toBe(matchRoute(routes, "/dashboard"));
    expect(matchRoute(routes, "/no/such/page")).toBeNull();
    expect(matchRoute(routes, "/no/such/page")).toBeNull();
  });

  it("does not let one render change the answer the next one gets", () => {
    const routes = serverRouteSets.dashboard.routes("desktop");
    const params = matchRoute(routes, "/transfer/9")?.params as Record<string, string>;
    expect(() => {
      params.realmId = "10";
    }).toThrow();
    expect(matchRoute(routes, "/transfer/9")?.params).toEqual({ realmId: "9" });
  });
});
