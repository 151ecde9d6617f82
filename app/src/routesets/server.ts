// The server bundle holds every route set; browsers load only theirs (routesets/client.ts).
import type { RouteSetModule } from "../routing/App";
import type { RouteSetName } from "../routing/routeSet";
import type { AppRoute, Layout } from "../routing/types";
import * as auth from "./auth";
import * as backoffice from "./backoffice";
import * as card from "./card";
import * as dashboard from "./dashboard";
import * as director from "./director";
import * as invited from "./invited";

/** A set whose routes are built once per layout: a render asks for them twice, and the matcher
 * keeps its answers per list (routing/match.ts), which needs the same list each time. */
function builtOnce(set: RouteSetModule): RouteSetModule {
  const built: Partial<Record<Layout, AppRoute[]>> = {};
  return { ...set, routes: (layout) => (built[layout] ??= set.routes(layout)) };
}

export const serverRouteSets: Record<RouteSetName, RouteSetModule> = {
  auth: builtOnce(auth),
  backoffice: builtOnce(backoffice),
  card: builtOnce(card),
  dashboard: builtOnce(dashboard),
  director: builtOnce(director),
  invited: builtOnce(invited),
};
