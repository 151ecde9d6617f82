import { describe, expect, it } from "vitest";
import { type Facts, meets, parseRight, paysTransactions, readsTransactions } from "./rights";

describe("transaction rights (SPEC §6)", () => {
  it("admin reads and pays; rights decide for the others", () => {
    expect(paysTransactions({ accessRole: "admin", accessRights: [] })).toBe(true);
    expect(readsTransactions({ accessRole: "accountant", accessRights: ["transaction:r"] })).toBe(true);
    expect(paysTransactions({ accessRole: "accountant", accessRights: ["transaction:r"] })).toBe(false);
    expect(paysTransactions({ accessRole: "director", accessRights: ["transaction:rw"] })).toBe(true);
    expect(readsTransactions({ accessRole: "card_user", accessRights: ["transaction:rw"] })).toBe(false);
  });

  it("parses 'section:level' and nothing else", () => {
    expect(parseRight("invoice:rw")).toEqual({ section: "invoice", level: "rw" });
    expect(parseRight("loan:r")).toEqual({ section: "loan", level: "r" });
    for (const bad of ["invoice", "invoice:w", "invoice:rw:x", ":r", ""]) expect(parseRight(bad)).toBeNull();
    // A malformed right grants nothing.
    expect(readsTransactions({ accessRole: "cfo", accessRights: ["transaction:read"] })).toBe(false);
  });
});

describe("route rules", () => {
  const owner: Facts = {
    accessRole: "admin",
    accessRights: [],
    isBusiness: true,
    primaryCurrency: "GBP",
    accountReady: true,
    flags: new Set(["currencyExchange"]),
  };

  it("checks every part of a rule", () => {
    expect(meets({ admin: true, business: true, ukPrimary: true }, owner)).toBe(true);
    expect(meets({ business: true }, { ...owner, isBusiness: false })).toBe(false);
    expect(meets({ ukPrimary: true }, { ...owner, primaryCurrency: "EUR" })).toBe(false);
    expect(meets({ flag: "currencyExchange" }, { ...owner, flags: new Set() })).toBe(false);
    expect(meets({ complete: true }, { ...owner, accountReady: false })).toBe(false);
    expect(meets({ complete: true }, { ...owner, accountReady: false }, { ignoreComplete: true })).toBe(true);
    expect(meets({ accounts: true }, { ...owner, accessRole: "card_user" })).toBe(false);
    expect(
      meets({ admin: true }, { ...owner, accessRole: "director", accessRights: ["transaction:rw"] }),
    ).toBe(false);
  });
});
