// SPEC §2 "Route set choice": one function, used by the server render and by the client.

export type RouteSetName = "auth" | "card" | "invited" | "director" | "dashboard" | "backoffice";

export type OnboardingFlow = "personal" | "business" | "business_additional" | "user_invited";

export interface RouteSetInput {
  isAuth: boolean;
  onboardingFlow: OnboardingFlow | null;
  accessRole: string;
  appInAccess: boolean;
}

const DIRECTOR_FLOWS: ReadonlySet<string> = new Set(["business", "business_additional", "personal"]);

export function chooseRouteSet(session: RouteSetInput): RouteSetName {
  if (!session.isAuth) return "auth";
  if (session.onboardingFlow === "user_invited") {
    return session.accessRole === "card_user" ? "card" : "invited";
  }
  if (session.onboardingFlow !== null && DIRECTOR_FLOWS.has(session.onboardingFlow)) return "director";
  return session.appInAccess ? "dashboard" : "auth";
}

/** The bank's own back office (issue 32) lives under its own path, whoever asks: its pages
 * never depend on a customer's session. */
export function isBackOffice(pathname: string): boolean {
  return pathname === "/back-office" || pathname.startsWith("/back-office/");
}
