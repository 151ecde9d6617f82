import { describe, expect, it } from "vitest";
import {
  decodeMulti,
  encodeMulti,
  multiError,
  phoneError,
  registrationNumberError,
  urlError,
  vatError,
} from "./businessRules";

describe("multi-choice answers (SPEC §3, §5)", () => {
  it("are stored semicolon-joined with the other text last", () => {
    expect(encodeMulti({ values: ["clients", "partners"], other: "Family office" })).toBe(
      "clients;partners;OTHER:Family office",
    );
    expect(decodeMulti("clients;OTHER:Family office")).toEqual({
      values: ["clients"],
      other: "Family office",
    });
    expect(decodeMulti("")).toEqual({ values: [], other: null });
  });

  it("keep a semicolon typed in the other text from splitting the answer", () => {
    const text = encodeMulti({ values: [], other: "rent; utilities" });
    expect(decodeMulti(text)).toEqual({ values: [], other: "rent, utilities" });
  });

  it("have SPEC's messages", () => {
    expect(multiError({ values: [], other: null })).toBe("Required field");
    expect(multiError({ values: ["clients"], other: " " })).toBe('Option "Other" selected, but not filled');
    expect(multiError({ values: [], other: "Grants" })).toBeUndefined();
  });
});

describe("company fields (SPEC §5)", () => {
  it("registration numbers are letters, digits and hyphens, at least 4", () => {
    expect(registrationNumberError("SC-1234")).toBeUndefined();
    expect(registrationNumberError("AB1")).toBe("Invalid registration number");
    expect(registrationNumberError("AB 1234")).toBe("Invalid registration number");
  });

  it("URLs and VAT numbers", () => {
    expect(urlError("bennett-hale.example")).toBeUndefined();
    expect(urlError("ftp://files.example")).toBe("Invalid URL");
    expect(urlError("localhost")).toBe("Invalid URL");
    expect(vatError("GB 123 4567 89", "GB")).toBeUndefined();
    expect(vatError("GB12345", "GB")).toBe("VAT number not valid");
    expect(vatError("EL123456789", "GR")).toBeUndefined();
    expect(vatError("FR123", "DE")).toBe("VAT number not valid");
  });

  it("phones have at most 15 digits", () => {
    expect(phoneError("+44 7700 900123")).toBeUndefined();
    expect(phoneError("+44 7700 900123 45678")).toBe("Phone number is out of range");
  });
});
