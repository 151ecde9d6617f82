// The server bundle holds every route set; browsers load only theirs (routesets/client.ts).
import type { RouteSetModule } from "../routing/App";
import type { RouteSetName } from "../routing/routeSet";
import * as auth from "./auth";
import * as dashboard from "./dashboard";
import * as director from "./director";

// The card and invited-user sets are not built yet; a session that chooses one
// gets the error page rather than a page that is not there.
export const serverRouteSets: Partial<Record<RouteSetName, RouteSetModule>> = { auth, dashboard, director };
