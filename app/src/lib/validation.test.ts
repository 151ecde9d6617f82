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

import {
  birthDateError,
  confirmationError,
  padDatePart,
  passwordChecklist,
  passwordError,
  phoneError,
} from "./validation";

describe("password", () => {
  it("reports SPEC's messages in order", () => {
    expect(passwordError("")).toBe("Password is required");
    expect(passwordError("abcdefgh")).toBe("Password must contain at least one latin letter and a number");
    expect(passwordError("12345678")).toBe("Password must contain at least one latin letter and a number");
    expect(passwordError("abc123")).toBe("Password must be at least 8 characters");
    expect(passwordError("harbour2026")).toBeUndefined();
    expect(confirmationError("harbour2026", "harbour2025")).toBe("The passwords did not match");
    expect(confirmationError("harbour2026", "harbour2026")).toBeUndefined();
  });

  it("drives the live checklist", () => {
    expect(passwordChecklist("ab1")).toEqual({ length: false, letter: true, number: true });
    expect(passwordChecklist("harbour2026")).toEqual({ length: true, letter: true, number: true });
  });
});

describe("birth date", () => {
  const today = new Date(Date.UTC(2026, 10, 22));

  it("pads single digits and accepts adults", () => {
    expect(padDatePart("1")).toBe("01");
    expect(padDatePart("12")).toBe("12");
    expect(birthDateError("1", "2", "1990", today)).toBeUndefined();
    expect(birthDateError("22", "11", "2008", today)).toBeUndefined();
  });

  it("rejects with SPEC's messages", () => {
    expect(birthDateError("23", "11", "2008", today)).toBe("You must be at least 18 years old");
    expect(birthDateError("21", "11", "1925", today)).toBe("Birth date is out of range");
    expect(birthDateError("31", "02", "1990", today)).toBe("Date is invalid");
    expect(birthDateError("x", "02", "1990", today)).toBe("Date is invalid");
    expect(birthDateError("1", "1", "2030", today)).toBe("Date is invalid");
  });
});

describe("phone", () => {
  it("allows up to 15 digits", () => {
    expect(phoneError("+44 7700 900123")).toBeUndefined();
    expect(phoneError("+44 7700 900123 4567")).toBe("Phone number is out of range");
    expect(phoneError("")).toBe("Field is required");
  });
});
