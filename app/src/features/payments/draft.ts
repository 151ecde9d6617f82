// SPEC §3 "Transfer draft": what the transfer form holds, where it comes from (a saved
// recipient, a scheme code in the path, Repeat Transfer) and the checks made before the fee check.
import { isPositiveAmount } from "../../lib/amount";
import type {
  FeeAnswer,
  MfaMethod,
  PayeeCheck,
  Recipient,
  Scheme,
  TransferResult,
  TransferTerms,
} from "./api";
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

/** The fields a plain-form refusal names (server: http/transfer_forms.rs FIELDS). */
const POSTED_FIELDS = ["name", "ukSortCode", "ukAccountNumber", "reference"];

/** A plain form post the server answered with this page (the payee page after the amount's, or
 * a refusal, issue 28): the values typed come back, the step the server names (`step`; a wrong
 * amount is always the amount step's to show), and the field the refusal names is marked
 * (`error` is the code `plainFormError` reads; a field's name, or "required"). */
export function draftFromPost(
  draft: Draft,
  posted: Record<string, string>,
  recipients: Recipient[],
): { draft: Draft; errors: Record<string, string>; step: "amount" | "payee" } {
  if (!("amount" in posted || "name" in posted || "recipientId" in posted))
    return { draft, errors: {}, step: "amount" };
  const saved = recipients.find((r) => r.id === posted.recipientId);
  const base = { ...draft, accountId: posted.bankAccountId || draft.accountId };
  const filled: Draft = saved
    ? {
        ...base,
        ...draftFromRecipient(base, saved),
        amount: posted.amount ?? "",
        details: posted.details ?? "",
      }
    : {
        ...base,
        amount: posted.amount ?? "",
        details: posted.details ?? "",
        receiver: {
          ...base.receiver,
          name: posted.name ?? "",
          type: posted.type === "private" ? "private" : "company",
          ukSortCode: posted.ukSortCode ?? "",
          ukAccountNumber: posted.ukAccountNumber ?? "",
        },
      };
  const code = posted.error ?? "";
  const found = transferErrors(filled, Number.POSITIVE_INFINITY);
  const errors =
    code === "amount"
      ? { amount: "Select right amount" }
      : code === "required"
        ? found
        : code in found
          ? { [code]: found[code] as string }
          : POSTED_FIELDS.includes(code)
            ? { [code]: "Please check this field" }
            : {};
  const step = posted.step === "payee" && code !== "amount" ? "payee" : "amount";
  return { draft: filled, errors, step };
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

/** A saved recipient chosen in the form: its details and default reference replace the payee's. */
export function draftFromRecipient(draft: Draft, r: Recipient): Partial<Draft> {
  return {
    recipientId: r.id,
    scheme: r.scheme,
    details: r.reference ?? draft.details,
    receiver: {
      ...draft.receiver,
      name: r.name,
      type: r.type,
      iban: r.iban ?? "",
      accountNumber: "",
      routingCode: r.routingCode ?? "",
      ukSortCode: r.ukSortCode ?? "",
      ukAccountNumber: r.ukAccountNumber ?? "",
      bic: r.bic ?? "",
      alias: r.alias ?? "",
      saveAsTemplate: false,
      swiftAddress: r.swiftAddress ?? draft.receiver.swiftAddress,
    },
  };
}

/** A UK IBAN names the sort code and account number UK local needs. */
export function ukDetailsFromIban(ibanText: string): Partial<Draft["receiver"]> {
  const iban = ibanText.replace(/\s/g, "").toUpperCase();
  return /^GB\d{2}[A-Z]{4}\d{14}$/.test(iban)
    ? { ukSortCode: iban.slice(8, 14), ukAccountNumber: iban.slice(14) }
    : {};
}

// The transfer form's steps (SPEC §4, issue 28's stepper): the amount, the payee, the review
// with the fee, the approval by SMS or passkey, done. One reducer holds the whole flow so every step sees the same state and the
// dynamic-linking rule lives in one place.

export type TransferStep = "amount" | "payee" | "confirm" | "approve" | "done";

/** The stepper's labels, one per step in order. */
export const STEP_LABELS = ["Amount", "Payee", "Review", "Approve", "Done"] as const;
const STEPS: TransferStep[] = ["amount", "payee", "confirm", "approve", "done"];
export const stepIndex = (step: TransferStep) => STEPS.indexOf(step);

/** The checks of the amount step: the part of `transferErrors` about what leaves the account. */
export function amountErrors(draft: Draft, available: number): Record<string, string> {
  const { amount } = transferErrors(draft, available);
  return amount ? { amount } : {};
}
export type Mfa = { method: MfaMethod; requestId: string; lastDigits: string };
export type Attachment = { id: string; name: string };

export interface TransferState {
  draft: Draft;
  step: TransferStep;
  /** Field errors, keyed as the server names them. */
  errors: Record<string, string>;
  /** A refusal that names no field. */
  error: string | null;
  /** SPEC §8 codes that show a notice dialog with the server's title and message. */
  notice: { title: string; message: string } | null;
  busy: boolean;
  fee: FeeAnswer | null;
  /** Confirmation of Payee's answer about a UK payee, shown on the review. */
  payeeCheck: PayeeCheck | null;
  /** The payer still wants to pay after a close match, no match or an account of the other type. */
  riskAccepted: boolean;
  /** Another scheme the fee answer offers (SPEC §4), until taken or declined. */
  offer: Scheme | null;
  mfa: Mfa | null;
  code: string;
  /** The client's id of the transfer: kept across retries of one approval, new after any edit. */
  transferId: string | null;
  result: TransferResult | null;
  attachments: Attachment[];
  /** Repeat Transfer fills the draft once, when the old transaction has loaded. */
  repeated: boolean;
}

export type TransferAction =
  | { type: "edited"; patch: Partial<Draft> }
  | { type: "receiverEdited"; patch: Partial<Draft["receiver"]> }
  /** The IBAN look-up's BIC: taken only while the BIC field is still empty. */
  | { type: "bicFound"; bic: string }
  | { type: "repeated"; patch: Partial<Draft> }
  | { type: "started" }
  | { type: "finished" }
  | { type: "checked"; errors: Record<string, string> }
  /** A refusal: the fields it names (kept as they were when it names none) and its message. */
  | { type: "refused"; errors?: Record<string, string>; error: string | null }
  | { type: "noticed"; notice: TransferState["notice"] }
  | { type: "feeAnswered"; fee: FeeAnswer; scheme: Scheme }
  | { type: "payeeChecked"; check: PayeeCheck | null }
  | { type: "riskAccepted"; accepted: boolean }
  | { type: "offerTaken"; scheme: Scheme }
  | { type: "offerDeclined" }
  | { type: "approvalAsked"; mfa: Mfa; transferId: string }
  | { type: "codeTyped"; code: string }
  | { type: "submitted"; result: TransferResult }
  | { type: "steppedBack"; to: "amount" | "payee" | "confirm" }
  /** The amount step checked: on to the payee, or its errors shown. */
  | { type: "amountChecked"; errors: Record<string, string> }
  | { type: "attached"; attachment: Attachment }
  | { type: "attachmentRefused"; message: string };

export function startTransfer(
  draft: Draft,
  errors: Record<string, string> = {},
  step: "amount" | "payee" = "amount",
): TransferState {
  return {
    draft,
    step,
    errors,
    error: null,
    notice: null,
    busy: false,
    fee: null,
    payeeCheck: null,
    riskAccepted: false,
    offer: null,
    mfa: null,
    code: "",
    transferId: null,
    result: null,
    attachments: [],
    repeated: false,
  };
}

/** SPEC §4 dynamic linking: any change of amount or payee needs a new approval and a new id
 * (and a payee changed, a new check of its name). */
function edited(state: TransferState, draft: Draft): TransferState {
  const samePayee = JSON.stringify(draft.receiver) === JSON.stringify(state.draft.receiver);
  const check = samePayee
    ? { payeeCheck: state.payeeCheck, riskAccepted: state.riskAccepted }
    : { payeeCheck: null, riskAccepted: false };
  return { ...state, draft, transferId: null, mfa: null, ...check };
}

export function transferReducer(state: TransferState, action: TransferAction): TransferState {
  switch (action.type) {
    case "edited":
      return edited(state, { ...state.draft, ...action.patch });
    case "receiverEdited":
      return edited(state, { ...state.draft, receiver: { ...state.draft.receiver, ...action.patch } });
    case "bicFound":
      return state.draft.receiver.bic
        ? state
        : edited(state, { ...state.draft, receiver: { ...state.draft.receiver, bic: action.bic } });
    case "repeated":
      return { ...edited(state, { ...state.draft, ...action.patch }), repeated: true };
    case "started":
      return { ...state, busy: true, error: null };
    case "finished":
      return { ...state, busy: false };
    case "checked":
      return { ...state, errors: action.errors };
    case "refused":
      return { ...state, errors: action.errors ?? state.errors, error: action.error };
    case "noticed":
      return { ...state, notice: action.notice };
    case "feeAnswered":
      // SPEC §4: a fee answer with another scheme is offered in a modal first.
      return action.fee.scheme !== action.scheme
        ? { ...state, fee: action.fee, offer: action.fee.scheme }
        : { ...state, fee: action.fee, step: "confirm" };
    case "offerTaken": {
      const uk = action.scheme === "local" ? ukDetailsFromIban(state.draft.receiver.iban) : {};
      const draft = { ...state.draft, scheme: action.scheme, receiver: { ...state.draft.receiver, ...uk } };
      return { ...edited(state, draft), offer: null, step: "confirm" };
    }
    case "offerDeclined":
      return { ...state, offer: null };
    case "payeeChecked":
      return { ...state, payeeCheck: action.check, riskAccepted: false };
    case "riskAccepted":
      return { ...state, riskAccepted: action.accepted };
    case "approvalAsked":
      return {
        ...state,
        mfa: action.mfa,
        transferId: state.transferId ?? action.transferId,
        step: "approve",
      };
    case "codeTyped":
      return { ...state, code: action.code };
    case "submitted":
      return { ...state, result: action.result, step: "done" };
    case "steppedBack":
      return { ...state, step: action.to };
    case "amountChecked":
      return Object.keys(action.errors).length
        ? { ...state, errors: action.errors }
        : { ...state, errors: {}, step: "payee" };
    case "attached":
      return {
        ...state,
        attachments: [...state.attachments, action.attachment],
        errors: { ...state.errors, attachments: "" },
      };
    case "attachmentRefused":
      return { ...state, errors: { ...state.errors, attachments: action.message } };
  }
}
