import { describe, expect, it } from "vitest";
import { overview } from "./components/ControllerPage";

describe("onboarding overview steps (SPEC §2, §4)", () => {
  it("lists all six steps for a business", () => {
    expect(overview("business").map((s) => s.title)).toEqual([
      "About You",
      "About Your Business",
      "Business Verification Fee",
      "Business Verification",
      "Biometric Verification",
      "Account Activation",
    ]);
  });

  it("skips the business steps for a personal account", () => {
    expect(overview("personal").map((s) => s.title)).toEqual([
      "About You",
      "Account Verification Fee",
      "Biometric Verification",
      "Account Activation",
    ]);
  });

  it("sends incomplete user data to the personal details", () => {
    const step = overview("business").find((s) => s.current.includes("user_data_incomplete"));
    expect(step?.path).toBe("/onboarding/user");
  });
});
