// The server bundle holds every route set; browsers load only theirs (routesets/client.ts).
import type { RouteSetModule } from "../routing/App";
import type { RouteSetName } from "../routing/routeSet";
import * as auth from "./auth";
import * as backoffice from "./backoffice";
import * as card from "./card";
import * as dashboard from "./dashboard";
import * as director from "./director";
import * as invited from "./invited";

export const serverRouteSets: Record<RouteSetName, RouteSetModule> = {
  auth,
  backoffice,
  card,
  dashboard,
  director,
  invited,
};
