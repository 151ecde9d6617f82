import { describe, expect, it } from "vitest";
import {
  bicError,
  ibanError,
  lookupReady,
  referenceError,
  routingCodeError,
  sortCodeError,
  swiftAccountError,
  ukAccountNumberError,
} from "./rules";

describe("payee rules (SPEC §5)", () => {
  it("IBANs: length, then check digits", () => {
    expect(ibanError("GB82 WEST 1234 5698 7654 32")).toBeUndefined();
    expect(ibanError("GB83WEST12345698765432")).toBe("Invalid IBAN");
    expect(ibanError("GB82WEST")).toBe("The IBAN can only be 14 to 34 characters long");
    expect(lookupReady("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(lookupReady("DE89 3704 0044")).toBe(false);
  });

  it("BICs, sort codes, account numbers and routing codes", () => {
    expect(bicError("cobadeff xxx")).toBeUndefined();
    expect(bicError("COBADEF")).toBe("Invalid BIC/SWIFT code");
    expect(sortCodeError("20-00-00")).toBeUndefined();
    expect(sortCodeError("2000")).toBe("The sort code must contain 6 digits");
    expect(ukAccountNumberError("5577991")).toBe("The account number must contain 8 digits");
    expect(swiftAccountError("123456789")).toBeUndefined();
    expect(swiftAccountError("12ab")).toBe("Invalid IBAN or Account Number");
    expect(routingCodeError("", true)).toBe("Routing Code is invalid");
    expect(routingCodeError("12345", true)).toBe("Invalid Routing Code");
  });

  it("references per scheme", () => {
    expect(referenceError("Invoice 42/2026", "local")).toBeUndefined();
    expect(referenceError("x".repeat(19), "local")).toBe("Reference is up to 18 characters");
    expect(referenceError("x".repeat(35), "sepa")).toBeUndefined();
    expect(referenceError("Café", "swift")).toBe("Input contains invalid symbols");
  });
});
