import { describe, expect, it } from "vitest";
import { emailError, REQUIRED, requiredError } from "./validation";

describe("validation", () => {
  it("requires an email and checks its shape", () => {
    expect(emailError("")).toBe(REQUIRED);
    expect(emailError("  ")).toBe(REQUIRED);
    expect(emailError("anna@example")).toBe("Email is invalid");
    expect(emailError("anna example@x.io")).toBe("Email is invalid");
    expect(emailError(" anna@example.co.uk ")).toBeUndefined();
  });

  it("uses SPEC's generic required message", () => {
    expect(requiredError("")).toBe("Field is required");
    expect(requiredError("x")).toBeUndefined();
  });
});
