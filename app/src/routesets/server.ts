// The server bundle holds every route set; browsers load only theirs (routesets/client.ts).
import type { RouteSetModule } from "../routing/App";
import type { RouteSetName } from "../routing/routeSet";
import * as auth from "./auth";
import * as dashboard from "./dashboard";
import * as director from "./director";
import * as invited from "./invited";

// The card set is not built yet (issue 14); a session that chooses it gets the error page
// rather than a page that is not there.
export const serverRouteSets: Partial<Record<RouteSetName, RouteSetModule>> = {
  auth,
  dashboard,
  director,
  invited,
};
