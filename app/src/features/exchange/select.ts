// The select step's rules (SPEC §2, §5, §9): which accounts, which side the amount is on, and
// the amount's messages, the same as the server's. Also read from the address, so the step
// works as a plain GET form before the page hydrates.
import type { Schemas } from "../../api/client";
import type { ConversionType, RateInput } from "./api";

type Account = Schemas["BankAccountView"];

export const MESSAGES = {
  empty: "Current account is empty",
  missing: "Please, select amount to convert",
  belowMinimum: "Please enter an amount not less than 1",
  wrong: "Please, select right amount",
  wait: "Please, wait for rate result",
} as const;

export interface Draft {
  fromId: string;
  toId: string;
  conversionType: ConversionType;
  /** What the person typed, on the side `conversionType` names: a canonical decimal string. */
  amount: string;
}

/** "12.5" → 1250; anything that is not a plain decimal with at most two places → null. */
export function toMinor(amount: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** SPEC §5 Exchange: the first rule the amount breaks, or null. */
export function amountProblem(draft: Draft, from: Account | undefined): string | null {
  const available = Math.round((from?.balance.available ?? 0) * 100);
  if (available <= 0) return MESSAGES.empty;
  const minor = draft.amount === "" ? 0 : toMinor(draft.amount);
  if (minor === 0) return MESSAGES.missing;
  if (minor === null) return MESSAGES.wrong;
  if (minor < 100) return MESSAGES.belowMinimum;
  if (draft.conversionType === "direct" && minor > available) return MESSAGES.wrong;
  return null;
}

/** The accounts that can convert: active ones (SPEC §2 needs more than one). */
export const convertible = (accounts: readonly Account[]) => accounts.filter((a) => a.status === "active");

/** The other account to convert into: another currency, preferring `wanted`. */
export function otherAccount(
  accounts: readonly Account[],
  from: Account,
  wanted?: string,
): Account | undefined {
  const others = accounts.filter((a) => a.currency !== from.currency);
  return others.find((a) => a.id === wanted) ?? others[0];
}

/**
 * The draft the address describes. Before hydration the form sends both amounts and the ones it
 * showed (`sellWas`, `buyWas`): the side the person changed is the side the amount is on.
 */
export function draftFromQuery(query: Record<string, string>, accounts: readonly Account[]): Draft {
  const primary = accounts.find((a) => a.isPrimary) ?? accounts[0];
  // The form's swap button names itself: the two accounts change places.
  const [fromId, toId] = query.swap ? [query.to, query.from] : [query.from, query.to];
  const from = accounts.find((a) => a.id === fromId) ?? primary;
  const to = from ? otherAccount(accounts, from, toId) : undefined;
  const sell = clean(query.sell);
  const buy = clean(query.buy);
  let conversionType: ConversionType = query.type === "inverse" ? "inverse" : "direct";
  if (sell !== clean(query.sellWas)) conversionType = "direct";
  else if (buy !== clean(query.buyWas)) conversionType = "inverse";
  return {
    fromId: from?.id ?? "",
    toId: to?.id ?? "",
    conversionType,
    amount: conversionType === "direct" ? sell : buy,
  };
}

function clean(value: string | undefined): string {
  return (value ?? "").replace(/[,\s]/g, "");
}

/** The rate request the draft makes, when the amount passes the rules. */
export function rateInput(draft: Draft, accounts: readonly Account[]): RateInput | null {
  const from = accounts.find((a) => a.id === draft.fromId);
  const to = accounts.find((a) => a.id === draft.toId);
  if (!from || !to || from.currency === to.currency || amountProblem(draft, from)) return null;
  return {
    fromAccount: from.id,
    fromCurrency: from.currency,
    toAccount: to.id,
    toCurrency: to.currency,
    conversionType: draft.conversionType,
    amount: draft.amount,
  };
}
