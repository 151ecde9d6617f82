import { describe, expect, it } from "vitest";
import type { FeeAnswer, Recipient, Scheme } from "./api";
import {
  amountErrors,
  draftFromPost,
  draftFromQuery,
  emptyDraft,
  receiverFrom,
  schemesFor,
  startTransfer,
  type TransferAction,
  termsOf,
  transferErrors,
  transferReducer,
} from "./draft";

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

describe("a plain form post answered with the transfer page", () => {
  const fresh = () => emptyDraft(accounts, "gbp", undefined);

  it("opens the step the server names, with what the other step carried", () => {
    const back = draftFromPost(fresh(), { step: "payee", bankAccountId: "gbp", amount: "10.00" }, []);
    expect(back.step).toBe("payee");
    expect(back.draft).toMatchObject({ accountId: "gbp", amount: "10.00" });
    expect(back.errors).toEqual({});
    expect(draftFromPost(fresh(), { step: "amount", amount: "5" }, []).step).toBe("amount");
  });

  it("shows a wrong amount on the amount step, a payee's field on the payee step", () => {
    const amount = draftFromPost(fresh(), { step: "payee", amount: "9", error: "amount" }, []);
    expect(amount.step).toBe("amount");
    expect(amount.errors).toEqual({ amount: "Select right amount" });
    const name = draftFromPost(fresh(), { step: "payee", amount: "9", name: "", error: "name" }, []);
    expect(name.step).toBe("payee");
    expect(Object.keys(name.errors)).toEqual(["name"]);
  });

  it("starts on the amount step when nothing was posted", () => {
    const start = draftFromPost(fresh(), {}, []);
    expect(start.step).toBe("amount");
    expect(startTransfer(start.draft, start.errors, start.step).step).toBe("amount");
    expect(startTransfer(start.draft, {}, "payee").step).toBe("payee");
  });
});

describe("the transfer flow", () => {
  const fee = (scheme: Scheme): FeeAnswer => ({
    amount: 1000,
    fee: 20,
    total: 1020,
    currency: "GBP",
    scheme,
    arrives: { earliest: "2026-11-26", latest: "2026-11-26" },
  });
  const start = () => startTransfer(emptyDraft(accounts, "gbp", undefined));
  const approved = () =>
    [
      { type: "feeAnswered", fee: fee("local"), scheme: "local" },
      {
        type: "approvalAsked",
        mfa: { method: "sms", requestId: "req-1", lastDigits: "12" },
        transferId: "t-1",
      },
    ].reduce((state, action) => transferReducer(state, action as TransferAction), start());

  it("takes the IBAN look-up's BIC only while the payer has typed none", () => {
    const found = transferReducer(start(), { type: "bicFound", bic: "COBADEFFXXX" });
    expect(found.draft.receiver.bic).toBe("COBADEFFXXX");
    const typed = transferReducer(start(), { type: "receiverEdited", patch: { bic: "DEUTDEFF" } });
    expect(transferReducer(typed, { type: "bicFound", bic: "COBADEFFXXX" }).draft.receiver.bic).toBe(
      "DEUTDEFF",
    );
  });

  it("goes from the amount to the payee only when the amount is right", () => {
    const wrong = transferReducer(start(), {
      type: "amountChecked",
      errors: { amount: "Select right amount" },
    });
    expect(wrong).toMatchObject({ step: "amount", errors: { amount: "Select right amount" } });
    expect(transferReducer(wrong, { type: "amountChecked", errors: {} })).toMatchObject({
      step: "payee",
      errors: {},
    });
    const draft = emptyDraft(accounts, "gbp", undefined);
    expect(amountErrors({ ...draft, amount: "0" }, 100)).toEqual({ amount: "Select right amount" });
    expect(amountErrors({ ...draft, amount: "100.01" }, 100)).toEqual({ amount: "Select right amount" });
    expect(amountErrors({ ...draft, amount: "100" }, 100)).toEqual({});
  });

  it("confirms the fee when the scheme stays, and offers the other one when it does not (SPEC §4)", () => {
    expect(
      transferReducer(start(), { type: "feeAnswered", fee: fee("local"), scheme: "local" }),
    ).toMatchObject({ step: "confirm", offer: null });
    const offered = transferReducer(start(), { type: "feeAnswered", fee: fee("swift"), scheme: "local" });
    expect(offered).toMatchObject({ step: "amount", offer: "swift" });
    expect(transferReducer(offered, { type: "offerDeclined" })).toMatchObject({
      step: "amount",
      offer: null,
    });
  });

  it("fills the UK details from a UK IBAN when UK local is taken", () => {
    const withIban = transferReducer(start(), {
      type: "receiverEdited",
      patch: { iban: "GB33 BUKB 2020 1555 5555 55" },
    });
    const taken = transferReducer(withIban, { type: "offerTaken", scheme: "local" });
    expect(taken.step).toBe("confirm");
    expect(taken.draft.scheme).toBe("local");
    expect(taken.draft.receiver).toMatchObject({ ukSortCode: "202015", ukAccountNumber: "55555555" });
  });

  it("keeps one transfer id across retries of an approval, and drops it with any edit (dynamic linking)", () => {
    const state = approved();
    expect(state).toMatchObject({ step: "approve", transferId: "t-1" });
    const retried = transferReducer(state, {
      type: "approvalAsked",
      mfa: { method: "sms", requestId: "req-2", lastDigits: "12" },
      transferId: "t-2",
    });
    expect(retried.transferId).toBe("t-1");
    const changed = transferReducer(state, { type: "edited", patch: { amount: "11.00" } });
    expect(changed).toMatchObject({ transferId: null, mfa: null });
    const payee = transferReducer(state, { type: "receiverEdited", patch: { name: "Other Ltd" } });
    expect(payee).toMatchObject({ transferId: null, mfa: null });
  });

  it("keeps the named fields of a refusal that names none", () => {
    const checked = transferReducer(start(), { type: "checked", errors: { amount: "Select right amount" } });
    const refused = transferReducer(checked, { type: "refused", error: "Something went wrong" });
    expect(refused).toMatchObject({
      errors: { amount: "Select right amount" },
      error: "Something went wrong",
    });
  });

  it("clears an attachment's error once a file is attached", () => {
    const refused = transferReducer(start(), { type: "attachmentRefused", message: "Too large" });
    const attached = transferReducer(refused, { type: "attached", attachment: { id: "a1", name: "a.pdf" } });
    expect(attached.errors.attachments).toBe("");
    expect(attached.attachments).toEqual([{ id: "a1", name: "a.pdf" }]);
  });
});
