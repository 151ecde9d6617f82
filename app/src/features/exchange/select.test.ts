import { describe, expect, it } from "vitest";
import type { Schemas } from "../../api/client";
import { amountProblem, type Draft, draftFromQuery, rateInput, toMinor } from "./select";

const account = (id: string, currency: Schemas["Currency"], available: number, isPrimary = false) =>
  ({
    id,
    currency,
    status: "active",
    isPrimary,
    balance: { available, current: available, onHold: 0 },
  }) as unknown as Schemas["BankAccountView"];

const gbp = account("gbp", "GBP", 250.5, true);
const eur = account("eur", "EUR", 0);
const usd = account("usd", "USD", 10);
const accounts = [gbp, eur, usd];
const draft = (amount: string, conversionType: Draft["conversionType"] = "direct"): Draft => ({
  fromId: "gbp",
  toId: "eur",
  conversionType,
  amount,
});

describe("the exchange amount (SPEC §5)", () => {
  it("reads decimals exactly", () => {
    expect(toMinor("12.5")).toBe(1250);
    expect(toMinor("0.07")).toBe(7);
    expect(toMinor("1.234")).toBeNull();
  });

  it("says what is wrong, in SPEC's order and words", () => {
    expect(amountProblem(draft("10"), eur)).toBe("Current account is empty");
    expect(amountProblem(draft(""), gbp)).toBe("Please, select amount to convert");
    expect(amountProblem(draft("0.00"), gbp)).toBe("Please, select amount to convert");
    expect(amountProblem(draft("0.99"), gbp)).toBe("Please enter an amount not less than 1");
    expect(amountProblem(draft("250.51"), gbp)).toBe("Please, select right amount");
    expect(amountProblem(draft("250.50"), gbp)).toBeNull();
    // What arrives is priced by the server: only it can say whether the balance covers it.
    expect(amountProblem(draft("900", "inverse"), gbp)).toBeNull();
  });

  it("asks for a rate only for a complete draft", () => {
    expect(rateInput(draft("100"), accounts)).toEqual({
      fromAccount: "gbp",
      fromCurrency: "GBP",
      toAccount: "eur",
      toCurrency: "EUR",
      conversionType: "direct",
      amount: "100",
    });
    expect(rateInput(draft("0.5"), accounts)).toBeNull();
    expect(rateInput({ ...draft("100"), toId: "gbp" }, accounts)).toBeNull();
  });
});

describe("the select step as a plain form", () => {
  it("starts from the primary account into another currency", () => {
    expect(draftFromQuery({}, accounts)).toEqual({
      fromId: "gbp",
      toId: "eur",
      conversionType: "direct",
      amount: "",
    });
    expect(draftFromQuery({ from: "usd", to: "usd" }, accounts)).toMatchObject({
      fromId: "usd",
      toId: "gbp",
    });
    expect(draftFromQuery({ from: "gbp", to: "usd", swap: "1" }, accounts)).toMatchObject({
      fromId: "usd",
      toId: "gbp",
    });
  });

  it("puts the amount on the side the person changed", () => {
    const shown = { from: "gbp", to: "eur", type: "direct", sellWas: "100", buyWas: "117.63" };
    expect(draftFromQuery({ ...shown, sell: "200", buy: "117.63" }, accounts)).toMatchObject({
      conversionType: "direct",
      amount: "200",
    });
    expect(draftFromQuery({ ...shown, sell: "100", buy: "1,000" }, accounts)).toMatchObject({
      conversionType: "inverse",
      amount: "1000",
    });
    expect(draftFromQuery({ ...shown, type: "inverse", sell: "100", buy: "117.63" }, accounts)).toMatchObject(
      {
        conversionType: "inverse",
        amount: "117.63",
      },
    );
  });
});
