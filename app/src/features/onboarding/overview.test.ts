import { describe, expect, it } from "vitest";
import { controllerTarget, kycPollInterval, overview } from "./controller";

describe("onboarding overview steps (SPEC §2, §4)", () => {
  it("lists all six steps for a business, in the journey's order", () => {
    expect(overview("business").map((s) => s.title)).toEqual([
      "About You",
      "About Your Business",
      "Biometric Verification",
      "Business Verification",
      "Business Verification Fee",
      "Account Activation",
    ]);
  });

  it("skips the business steps for a personal account and the fee for an invited colleague", () => {
    expect(overview("personal").map((s) => s.title)).toEqual([
      "About You",
      "Biometric Verification",
      "Account Verification Fee",
      "Account Activation",
    ]);
    expect(overview("user_invited").map((s) => s.title)).not.toContain("Account Verification Fee");
    expect(overview("business_additional").map((s) => s.title)[0]).toBe("About Your Business");
  });
});

describe("the controller's routing (SPEC §4)", () => {
  it("sends each status to its step", () => {
    const cases: [Parameters<typeof controllerTarget>[0], string | null][] = [
      ["user_data_incomplete", "/onboarding/user"],
      ["profile_incomplete", "/onboarding/business"],
      ["kyb_requested", "/additional-company-info"],
      ["kyb_pending", "/additional-company-info"],
      ["to_verify", "/sumsub"],
      ["to_complete", "/sumsub"],
      ["no_proof", null],
      ["verify_phone", "/phone-verification"],
      ["registration_fee_assigned", "/account-activation"],
      ["registration_fee_pending", "/account-activation/transfer"],
      ["pending", null],
      ["pending_signoff", null],
      ["rejected", null],
      ["account_not_ready", null],
    ];
    for (const [status, target] of cases) expect(controllerTarget(status, "business"), status).toBe(target);
  });

  it("routes an invited user through its own set", () => {
    expect(controllerTarget("user_data_incomplete", "user_invited")).toBe("/invite-onboarding/user");
    expect(controllerTarget("to_complete", "user_invited")).toBe("/sumsub");
    expect(controllerTarget("verify_phone", "user_invited")).toBe("/phone-verification");
    expect(controllerTarget("pending", "user_invited")).toBe("/invite-onboarding/status");
  });

  it("polls every 10 s until loaded, then every 15 s", () => {
    expect(kycPollInterval(false)).toBe(10_000);
    expect(kycPollInterval(true)).toBe(15_000);
  });
});
