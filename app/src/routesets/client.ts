import type { RouteSetModule } from "../routing/App";
import type { RouteSetName } from "../routing/routeSet";

// One chunk per route set: a browser downloads only the set its session uses.
export const clientRouteSets: Partial<Record<RouteSetName, () => Promise<RouteSetModule>>> = {
  auth: () => import("./auth"),
  backoffice: () => import("./backoffice"),
  card: () => import("./card"),
  dashboard: () => import("./dashboard"),
  director: () => import("./director"),
  invited: () => import("./invited"),
};
