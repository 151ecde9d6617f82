// SPEC §3 "Transfer draft": what the transfer form holds, where it comes from (a saved
// recipient, a scheme code in the path, Repeat Transfer) and the checks made before the fee check.
import { isPositiveAmount } from "../../lib/amount";
import type { Recipient, Scheme, TransferTerms } from "./api";
import {
  bicError,
  ibanError,
  isAccountNumber,
  referenceError,
  routingCodeError,
  sortCodeError,
  swiftAccountError,
  ukAccountNumberError,
} from "./rules";

export interface Draft {
  accountId: string;
  amount: string;
  scheme: Scheme;
  recipientId: string;
  details: string;
  receiver: {
    name: string;
    type: "private" | "company";
    iban: string;
    accountNumber: string;
    routingCode: string;
    ukSortCode: string;
    ukAccountNumber: string;
    bic: string;
    alias: string;
    saveAsTemplate: boolean;
    swiftAddress: {
      country: string;
      address1: string;
      buildingNumber: string;
      city: string;
      postcode: string;
      region: string;
    };
  };
}

interface AccountLike {
  id: string;
  currency: string;
  isPrimary?: boolean;
}

/** SPEC §6: SEPA only from EUR, UK local only from GBP, SWIFT from any while allowed. */
export function schemesFor(currency: string, swiftAllowed: boolean): Scheme[] {
  return [
    ...(currency === "GBP" ? (["local"] as const) : []),
    ...(currency === "EUR" ? (["sepa"] as const) : []),
    ...(swiftAllowed ? (["swift"] as const) : []),
  ];
}

/** A blank draft: the account the path names (or the first that fits the scheme, or the first). */
export function emptyDraft(accounts: AccountLike[], realmId: string, scheme: Scheme | undefined): Draft {
  const fits = (a: AccountLike) =>
    scheme === "local" ? a.currency === "GBP" : scheme === "sepa" ? a.currency === "EUR" : true;
  const account = accounts.find((a) => a.id === realmId) ?? accounts.find(fits) ?? accounts[0];
  return {
    accountId: account?.id ?? "",
    amount: "",
    scheme:
      scheme ?? (account?.currency === "GBP" ? "local" : account?.currency === "EUR" ? "sepa" : "swift"),
    recipientId: "",
    details: "",
    receiver: {
      name: "",
      type: "company",
      iban: "",
      accountNumber: "",
      routingCode: "",
      ukSortCode: "",
      ukAccountNumber: "",
      bic: "",
      alias: "",
      saveAsTemplate: false,
      swiftAddress: { country: "", address1: "", buildingNumber: "", city: "", postcode: "", region: "" },
    },
  };
}

/** `?recipient=<id>` pays a saved recipient: its details and default reference fill the form. */
export function draftFromQuery(draft: Draft, query: Record<string, string>, recipients: Recipient[]): Draft {
  const r = recipients.find((item) => item.id === query.recipient);
  if (!r) return draft;
  return {
    ...draft,
    recipientId: r.id,
    scheme: r.scheme,
    details: r.reference ?? "",
    receiver: {
      ...draft.receiver,
      name: r.name,
      type: r.type,
      iban: r.iban ?? "",
      routingCode: r.routingCode ?? "",
      ukSortCode: r.ukSortCode ?? "",
      ukAccountNumber: r.ukAccountNumber ?? "",
      bic: r.bic ?? "",
      alias: r.alias ?? "",
      swiftAddress: r.swiftAddress ?? draft.receiver.swiftAddress,
    },
  };
}

/** The request's terms: the amount as its exact decimal string, never a number. */
export function termsOf(draft: Draft): TransferTerms {
  return {
    amount: draft.amount,
    sender: { bankAccountId: draft.accountId },
    receiver: draft.receiver,
    details: draft.details,
    scheme: draft.scheme,
  };
}

/** SPEC §5, in the browser before the fee check (the server checks the same and decides). */
export function transferErrors(terms: Draft, available: number): Record<string, string> {
  const errors: Record<string, string | undefined> = {};
  const r = terms.receiver;
  const scheme = terms.scheme;
  if (!isPositiveAmount(terms.amount) || Number(terms.amount) > available)
    errors.amount = "Select right amount";
  if (!r.name.trim()) errors.name = "Field is required";
  errors.reference = referenceError(terms.details, scheme);
  if (scheme === "local") {
    errors.ukSortCode = sortCodeError(r.ukSortCode);
    errors.ukAccountNumber = ukAccountNumberError(r.ukAccountNumber);
    if (!terms.details.trim()) errors.reference = "Field is required";
  } else {
    errors.bic = bicError(r.bic);
    errors.iban = scheme === "sepa" ? ibanError(r.iban) : swiftAccountError(r.iban);
  }
  if (scheme === "swift") {
    errors.routingCode = routingCodeError(r.routingCode, isAccountNumber(r.iban));
    for (const key of ["country", "address1", "buildingNumber", "city"] as const)
      if (!r.swiftAddress[key].trim()) errors[`swiftAddress.${key}`] = "Field is required";
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/** A stored payee (Repeat Transfer) as the form holds it; what it lacks stays blank. */
export function receiverFrom(
  stored: Partial<Record<keyof Draft["receiver"], unknown>>,
  blank: Draft["receiver"],
) {
  const text = (key: keyof Draft["receiver"]) =>
    typeof stored[key] === "string" ? (stored[key] as string) : "";
  const address = (stored.swiftAddress ?? {}) as Partial<Draft["receiver"]["swiftAddress"]>;
  return {
    ...blank,
    name: text("name"),
    type: stored.type === "private" ? ("private" as const) : ("company" as const),
    iban: text("iban") || text("accountNumber"),
    accountNumber: "",
    routingCode: text("routingCode"),
    ukSortCode: text("ukSortCode"),
    ukAccountNumber: text("ukAccountNumber"),
    bic: text("bic"),
    alias: text("alias"),
    saveAsTemplate: false,
    swiftAddress: { ...blank.swiftAddress, ...address },
  };
}
