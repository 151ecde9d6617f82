import { describe, expect, it } from "vitest";
import type { Facts } from "../lib/rights";
import { menuFor, shortName } from "./menu";

const ROLES: [string, string[]][] = [
  ["admin", []],
  ["director", ["transaction:rw", "invoice:rw"]],
  ["cfo", ["transaction:r", "invoice:rw"]],
  ["accountant", ["transaction:r", "invoice:rw"]],
  ["custom", ["transaction:r"]],
  ["card_user", ["transaction:rw", "card:rw"]],
  ["user", []],
  ["none", []],
];

const labels = (facts: Facts, layout: "desktop" | "mobile" = "desktop") =>
  menuFor(facts, layout).map((item) => item.label);

describe("the menu by rights (SPEC §2, §6)", () => {
  for (const [role, rights] of ROLES) {
    for (const isBusiness of [true, false]) {
      for (const primaryCurrency of ["GBP", "EUR"] as const) {
        for (const flag of [true, false]) {
          it(`${role}, ${isBusiness ? "business" : "personal"}, ${primaryCurrency}, exchange ${flag ? "on" : "off"}`, () => {
            const facts: Facts = {
              accessRole: role as Facts["accessRole"],
              accessRights: rights,
              isBusiness,
              primaryCurrency,
              accountReady: true,
              flags: new Set(flag ? ["currencyExchange"] : []),
            };
            const shown = labels(facts);
            const accounts = role !== "none" && role !== "card_user";
            const reads = accounts && (role === "admin" || rights.some((r) => r.startsWith("transaction:")));
            const pays = accounts && (role === "admin" || rights.includes("transaction:rw"));
            expect(shown[0]).toBe("Home");
            expect(shown.includes("Recipients")).toBe(reads);
            expect(shown.includes("Send money")).toBe(pays);
            expect(shown.includes("Currency exchange")).toBe(pays && flag);
            expect(shown.includes("Generate Statement")).toBe(reads);
            expect(shown.includes("Proof Of Banking Account")).toBe(accounts);
            expect(shown.includes("Account details")).toBe(accounts);
            expect(labels(facts, "mobile").includes("Account details")).toBe(false);
            expect(shown.includes("My Cards")).toBe(primaryCurrency === "GBP");
            // SPEC §6: invoicing needs the invoice right and a business; a new invoice full.
            const invoices = isBusiness && (role === "admin" || rights.some((r) => r.startsWith("invoice:")));
            expect(shown.includes("My Invoices")).toBe(invoices);
            expect(shown.includes("My Contractors / Clients")).toBe(invoices);
            expect(shown.includes("New Invoice")).toBe(
              invoices && (role === "admin" || rights.includes("invoice:rw")),
            );
          });
        }
      }
    }
  }

  it("shows complete-only items disabled until validation is complete", () => {
    const facts: Facts = {
      accessRole: "admin",
      accessRights: [],
      isBusiness: true,
      primaryCurrency: "EUR",
      accountReady: false,
      flags: new Set(),
    };
    const items = menuFor(facts, "desktop");
    const state = Object.fromEntries(items.map((i) => [i.label, i.enabled]));
    expect(state).toMatchObject({
      Home: true,
      "Send money": false,
      "Generate Statement": false,
      Recipients: true,
    });
    expect(items.find((i) => i.label === "Send money")?.to).toBe("/transfer/0");
    expect(items.filter((i) => i.group === "Manager").map((i) => i.label)).toEqual([
      "Generate Statement",
      "Proof Of Banking Account",
    ]);
  });

  it("shows euro customers My Cards only while cards are announced as coming", () => {
    const facts = (flags: string[], primaryCurrency: Facts["primaryCurrency"]): Facts => ({
      accessRole: "admin",
      accessRights: [],
      isBusiness: false,
      primaryCurrency,
      accountReady: true,
      flags: new Set(flags),
    });
    expect(labels(facts(["euCardComingSoon"], "EUR"))).toContain("My Cards");
    expect(labels(facts([], "EUR"))).not.toContain("My Cards");
    expect(labels(facts(["euCardComingSoon"], "USD"))).not.toContain("My Cards");
    expect(labels(facts([], "GBP"))).toContain("My Cards");
    expect(menuFor({ ...facts([], "GBP"), accountReady: false }, "mobile")).toContainEqual({
      to: "/cards",
      label: "My Cards",
      icon: "card",
      enabled: false,
    });
  });

  it("gives a business's team its own entry, leading to the team on each layout", () => {
    const business: Facts = {
      accessRole: "admin",
      accessRights: [],
      isBusiness: true,
      primaryCurrency: "GBP",
      accountReady: true,
      flags: new Set(),
    };
    const team = (facts: Facts, layout: "desktop" | "mobile") =>
      menuFor(facts, layout).find((item) => item.label === "Team")?.to;
    expect(team(business, "desktop")).toBe("/client/details#team");
    expect(team(business, "mobile")).toBe("/account#team");
    expect(team({ ...business, isBusiness: false }, "desktop")).toBeUndefined();
    expect(team({ ...business, accessRole: "card_user" }, "mobile")).toBeUndefined();
  });

  /** An account owner of a UK business with a lender behind the bank's finance. */
  const financeOwner: Facts = {
    accessRole: "admin",
    accessRights: [],
    isBusiness: true,
    primaryCurrency: "GBP",
    accountReady: true,
    flags: new Set(),
    financeOffered: true,
  };

  it("offers Business Loans to a UK business member with the loan right, while a lender stands behind them", () => {
    const owner = financeOwner;
    const loans = (facts: Facts) => menuFor(facts, "mobile").some((item) => item.label === "Business Loans");
    expect(loans(owner)).toBe(true);
    expect(loans({ ...owner, financeOffered: false })).toBe(false);
    expect(loans({ ...owner, isBusiness: false })).toBe(false);
    expect(loans({ ...owner, primaryCurrency: "EUR" })).toBe(false);
    expect(loans({ ...owner, accessRole: "accountant", accessRights: ["transaction:r", "invoice:rw"] })).toBe(
      false,
    );
    expect(loans({ ...owner, accessRole: "custom", accessRights: ["loan:r"] })).toBe(true);
  });

  it("offers Mortgage only while the lender offers mortgages", () => {
    const owner: Facts = { ...financeOwner, mortgageOffered: true };
    const labels = (facts: Facts) => menuFor(facts, "desktop").map((item) => item.label);
    expect(labels(owner)).toContain("Mortgage");
    // A revenue-based lender (YouLend): loans and factoring, no mortgages.
    const revenueBased = labels({ ...owner, mortgageOffered: false });
    expect(revenueBased).not.toContain("Mortgage");
    expect(revenueBased).toContain("Business Loans");
  });

  it("gives every item an icon", () => {
    const owner: Facts = {
      accessRole: "admin",
      accessRights: [],
      isBusiness: true,
      primaryCurrency: "GBP",
      accountReady: true,
      flags: new Set(["currencyExchange"]),
    };
    for (const layout of ["desktop", "mobile"] as const) {
      for (const item of menuFor(owner, layout)) expect(item.icon).toBeTruthy();
    }
  });

  it("leads an Account Owner of a UK business to the corporate cards on mobile while the flag is on", () => {
    const owner: Facts = {
      accessRole: "admin",
      accessRights: [],
      isBusiness: true,
      primaryCurrency: "GBP",
      accountReady: true,
      flags: new Set(["corporateCards"]),
    };
    const cards = (facts: Facts, layout: "desktop" | "mobile") =>
      menuFor(facts, layout).find((item) => item.label === "My Cards")?.to;
    expect(cards(owner, "mobile")).toBe("/cards/corporate");
    expect(cards(owner, "desktop")).toBe("/cards");
    expect(cards({ ...owner, flags: new Set() }, "mobile")).toBe("/cards");
    expect(cards({ ...owner, isBusiness: false }, "mobile")).toBe("/cards");
    expect(cards({ ...owner, accessRole: "director", accessRights: ["transaction:rw"] }, "mobile")).toBe(
      "/cards",
    );
  });

  it("names a profile by its initials", () => {
    expect(shortName("Bennett & Hale Trading Ltd")).toBe("BH");
    expect(shortName("tom fischer")).toBe("TF");
  });
});
