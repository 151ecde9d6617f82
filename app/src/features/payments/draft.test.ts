import { describe, expect, it } from "vitest";
import type { Recipient } from "./api";
import { draftFromQuery, emptyDraft, receiverFrom, schemesFor, termsOf, transferErrors } from "./draft";

const accounts = [
  { id: "gbp", currency: "GBP" },
  { id: "eur", currency: "EUR" },
];

describe("the transfer draft", () => {
  it("offers the schemes the paying account allows (SPEC §6)", () => {
    expect(schemesFor("GBP", true)).toEqual(["local", "swift"]);
    expect(schemesFor("EUR", true)).toEqual(["sepa", "swift"]);
    expect(schemesFor("USD", false)).toEqual([]);
  });

  it("starts from the account or the scheme code in the path", () => {
    expect(emptyDraft(accounts, "eur", undefined)).toMatchObject({ accountId: "eur", scheme: "sepa" });
    expect(emptyDraft(accounts, "0", "sepa")).toMatchObject({ accountId: "eur", scheme: "sepa" });
    expect(emptyDraft(accounts, "1", "local")).toMatchObject({ accountId: "gbp", scheme: "local" });
  });

  it("fills a saved recipient and keeps the amount a decimal string", () => {
    const recipient = {
      id: "r1",
      scheme: "local",
      name: "Acme Ltd",
      type: "company",
      ukSortCode: "200000",
      ukAccountNumber: "55779911",
      reference: "Rent",
      iban: null,
      bic: null,
      routingCode: null,
      alias: null,
      swiftAddress: null,
    } as unknown as Recipient;
    const draft = draftFromQuery(emptyDraft(accounts, "1", "local"), { recipient: "r1" }, [recipient]);
    expect(draft.receiver.name).toBe("Acme Ltd");
    expect(draft.details).toBe("Rent");
    const terms = termsOf({ ...draft, amount: "1234.50" });
    expect(terms.amount).toBe("1234.50");
    expect(typeof terms.amount).toBe("string");
  });

  it("checks SPEC §5 before the fee check", () => {
    const draft = { ...emptyDraft(accounts, "gbp", "local"), amount: "100.01" };
    const errors = transferErrors(draft, 100);
    expect(errors.amount).toBe("Select right amount");
    expect(errors.name).toBe("Field is required");
    expect(errors.ukSortCode).toBe("The sort code must contain 6 digits");
    expect(errors.reference).toBe("Field is required");
    const sepa = {
      ...emptyDraft(accounts, "eur", "sepa"),
      amount: "5",
      details: "x".repeat(36),
      receiver: {
        ...emptyDraft(accounts, "eur", "sepa").receiver,
        name: "A",
        iban: "DE89370400440532013001",
        bic: "X",
      },
    };
    expect(transferErrors(sepa, 10)).toEqual({
      reference: "Reference is up to 35 characters",
      bic: "Invalid BIC/SWIFT code",
      iban: "Invalid IBAN",
    });
  });

  it("reads a stored payee for Repeat Transfer", () => {
    const blank = emptyDraft(accounts, "gbp", "local").receiver;
    const receiver = receiverFrom({ name: "Hudson", accountNumber: "000123456789", type: "company" }, blank);
    expect(receiver).toMatchObject({ name: "Hudson", iban: "000123456789", saveAsTemplate: false });
  });
});
