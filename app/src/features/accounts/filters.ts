// The dashboard's transaction filters live in the URL (?type=&from=&to=&q=&account=), so the
// server renders a filtered list and the filter form works as a plain GET without JavaScript.
import type { Schemas } from "../../api/client";

type TransactionType = Schemas["TransactionType"];

export interface TransactionFilters {
  types: TransactionType[];
  from: string;
  to: string;
  keyword: string;
}

/** The type choices of the filter, each a group of SPEC §3 transaction types. */
export const TYPE_GROUPS: Record<string, { label: string; types: TransactionType[] }> = {
  transfers: { label: "Transfers", types: ["transfer", "deposit", "system_deposit", "recall", "refund"] },
  cards: {
    label: "Card payments",
    types: [
      "card_purchase",
      "card_refund",
      "card_withdrawal",
      "card_withdrawal_reversal",
      "card_transfer",
      "card_quasi_cash",
      "card_topup",
    ],
  },
  fees: { label: "Fees", types: ["fee", "card_fee"] },
  exchange: { label: "Currency exchange", types: ["currency_exchange"] },
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromQuery(query: Record<string, string>): TransactionFilters {
  const group = TYPE_GROUPS[query.type ?? ""];
  return {
    types: group ? group.types : [],
    from: DAY.test(query.from ?? "") ? (query.from as string) : "",
    to: DAY.test(query.to ?? "") ? (query.to as string) : "",
    keyword: (query.q ?? "").trim().slice(0, 100),
  };
}

export function hasFilters(filters: TransactionFilters): boolean {
  return filters.types.length > 0 || filters.from !== "" || filters.to !== "" || filters.keyword !== "";
}

/** A query string with some keys changed; empty values are dropped. */
export function withQuery(query: Record<string, string>, changes: Record<string, string | null>): string {
  const merged: Record<string, string> = { ...query };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") delete merged[key];
    else merged[key] = value;
  }
  const pairs = Object.entries(merged).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}
