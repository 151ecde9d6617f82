import { describe, expect, it } from "vitest";
import { chooseRouteSet, isBackOffice, type RouteSetInput } from "./routeSet";

const signedIn: RouteSetInput = {
  isAuth: true,
  onboardingFlow: null,
  accessRole: "admin",
  appInAccess: true,
};

describe("chooseRouteSet", () => {
  it("gives visitors who are not logged in the auth set, whatever else is known", () => {
    expect(chooseRouteSet({ ...signedIn, isAuth: false })).toBe("auth");
    expect(
      chooseRouteSet({ ...signedIn, isAuth: false, onboardingFlow: "user_invited", accessRole: "card_user" }),
    ).toBe("auth");
  });

  it("gives an invited card user the card set", () => {
    expect(chooseRouteSet({ ...signedIn, onboardingFlow: "user_invited", accessRole: "card_user" })).toBe(
      "card",
    );
  });

  it("gives an invited user with any other role the invited-user set", () => {
    for (const accessRole of ["admin", "director", "cfo", "accountant", "custom", "user", "none"]) {
      expect(chooseRouteSet({ ...signedIn, onboardingFlow: "user_invited", accessRole })).toBe("invited");
    }
  });

  it("gives the business, business_additional and personal flows the director set", () => {
    for (const onboardingFlow of ["business", "business_additional", "personal"] as const) {
      expect(chooseRouteSet({ ...signedIn, onboardingFlow })).toBe("director");
      expect(chooseRouteSet({ ...signedIn, onboardingFlow, appInAccess: false })).toBe("director");
    }
  });

  it("gives everyone else the dashboard when the app is in access, else the auth set", () => {
    expect(chooseRouteSet(signedIn)).toBe("dashboard");
    expect(chooseRouteSet({ ...signedIn, appInAccess: false })).toBe("auth");
  });
});

describe("isBackOffice", () => {
  it("takes the back office's own path and what is below it, nothing else", () => {
    expect(isBackOffice("/back-office")).toBe(true);
    expect(isBackOffice("/back-office/kyb/123")).toBe(true);
    expect(isBackOffice("/back-officer")).toBe(false);
    expect(isBackOffice("/dashboard")).toBe(false);
  });
});
