import type { BankAccount } from "./api";

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
