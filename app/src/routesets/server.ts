// The server bundle holds every route set; browsers load only theirs (routesets/client.ts).
import type { RouteSetModule } from "../routing/App";
import type { RouteSetName } from "../routing/routeSet";
import * as auth from "./auth";

// Only the auth set exists until log-in does; no session can choose another one yet.
export const serverRouteSets: Partial<Record<RouteSetName, RouteSetModule>> = { auth };
