import type { SessionState } from "../../routing/types";
import type { BankAccount } from "./api";

// SPEC §6: admin has full access; otherwise the 'transaction:r|rw' right opens transactions.
// Roles none and card_user load no accounts at all.
export function readsTransactions(session: SessionState): boolean {
  if (session.accessRole === "none" || session.accessRole === "card_user") return false;
  return (
    session.accessRole === "admin" ||
    session.accessRights.some((right) => right === "transaction:r" || right === "transaction:rw")
  );
}

/** SPEC §4: active, suspended and inactive accounts can be selected. */
export function selectable(account: BankAccount): boolean {
  return account.status === "active" || account.status === "suspended" || account.status === "inactive";
}

/** The account the page is about: the one the query names if selectable, else the first one. */
export function chooseAccount(accounts: BankAccount[], wanted: string | undefined): BankAccount | undefined {
  const usable = accounts.filter(selectable);
  return usable.find((a) => a.id === wanted) ?? usable[0];
}

export const CURRENCIES = ["GBP", "EUR", "USD", "CHF", "ALL"] as const;
