import { describe, expect, it } from "vitest";
import type { LoanApplication } from "./api";
import { printedMonth, statusText, toneOf } from "./model";

const application = (patch: Partial<LoanApplication>): LoanApplication => ({
  id: "a",
  type: "business",
  status: "pre_approved",
  statusLabel: "Eligible for a loan",
  provider: "sandbox",
  redirectUri: "/sandbox/lender?token=t",
  amount: 25000,
  termMonths: 12,
  purpose: "Equipment",
  appliedOn: "2026-11-26",
  offeredAmount: null,
  paidAmount: null,
  paidTransactionId: null,
  reason: null,
  shared: null,
  invoices: [],
  ...patch,
});

describe("the loan status screen", () => {
  it("says what each SPEC §4 state means for the person", () => {
    expect(statusText(application({}))).toMatch(/eligible/);
    expect(statusText(application({ offeredAmount: 25000 }))).toMatch(/made you an offer/);
    expect(statusText(application({ status: "approved", paidAmount: 25000 }))).toMatch(/paid the money/);
    expect(statusText(application({ status: "rejected", reason: "Too new" }))).toBe("Too new");
    expect(statusText(application({ status: "in_review" }))).toMatch(/looking at/);
  });

  it("colours the states as the kit does", () => {
    expect(toneOf("approved")).toBe("green");
    expect(toneOf("rejected")).toBe("red");
    expect(toneOf("pre_approved")).toBe("amber");
    expect(toneOf("in_review")).toBe("blue");
  });

  it("prints months in London", () => {
    expect(printedMonth("2025-12")).toBe("Dec 2025");
  });
});
