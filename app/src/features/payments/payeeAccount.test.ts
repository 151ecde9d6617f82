import { describe, expect, it } from "vitest";
import { maskedAccount, payeeAccount } from "./payeeAccount";

const blank = { iban: "", bic: "", routingCode: "", ukSortCode: "", ukAccountNumber: "" };

describe("payee accounts", () => {
  it("reads a UK account in full on the review and masked on the card", () => {
    const uk = { ...blank, ukSortCode: "200000", ukAccountNumber: "41234567" };
    expect(payeeAccount(uk, "local")).toBe("Sort code 20-00-00, account 41234567");
    expect(maskedAccount(uk, "local")).toBe("20-00-00 ••••4567");
  });

  it("groups an IBAN and names the BIC; a SWIFT account number carries its routing code", () => {
    const sepa = { ...blank, iban: "de89370400440532013000", bic: "cobadeffxxx" };
    expect(payeeAccount(sepa, "sepa")).toBe("IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX");
    expect(maskedAccount(sepa, "sepa")).toBe("DE89 ••••3000");
    const us = { ...blank, iban: "000123456789", bic: "CHASUS33", routingCode: "021000021" };
    expect(payeeAccount(us, "swift")).toBe("Account 000123456789, BIC CHASUS33, routing 021000021");
    expect(maskedAccount(us, "swift")).toBe("••••6789");
  });
});
