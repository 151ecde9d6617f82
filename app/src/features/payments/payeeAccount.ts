// How a payee's account reads: in full on the review (what the payer agrees to), masked on a
// saved recipient's card (enough to recognise it).
import type { Scheme } from "./api";
import type { Draft } from "./draft";

type Receiver = Pick<Draft["receiver"], "iban" | "bic" | "routingCode" | "ukSortCode" | "ukAccountNumber">;

const sortCode = (code: string) => code.replace(/\D/g, "").replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");
const grouped = (iban: string) =>
  iban
    .replace(/\s/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");

/** "Sort code 20-00-00, account 41234567"; "IBAN DE89 3704 …, BIC COBADEFFXXX". */
export function payeeAccount(r: Receiver, scheme: Scheme): string {
  if (scheme === "local") return `Sort code ${sortCode(r.ukSortCode)}, account ${r.ukAccountNumber.trim()}`;
  const account = /^[A-Z]{2}\d{2}/i.test(r.iban.trim())
    ? `IBAN ${grouped(r.iban)}`
    : `Account ${r.iban.trim()}`;
  const routing = r.routingCode.trim() ? `, routing ${r.routingCode.trim()}` : "";
  return `${account}, BIC ${r.bic.trim().toUpperCase()}${routing}`;
}

/** "20-00-00 ••••4567" or "DE89 ••••3000": the start and the last four. */
export function maskedAccount(r: Receiver, scheme: Scheme): string {
  if (scheme === "local") return `${sortCode(r.ukSortCode)} ••••${r.ukAccountNumber.trim().slice(-4)}`;
  const account = r.iban.replace(/\s/g, "").toUpperCase();
  return /^[A-Z]{2}\d{2}/.test(account)
    ? `${account.slice(0, 4)} ••••${account.slice(-4)}`
    : `••••${account.slice(-4)}`;
}
