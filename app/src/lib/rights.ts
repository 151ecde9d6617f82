// SPEC §6 mirrored for the screens (the server decides, in server/api/rights.rs; this only hides
// what cannot be used): admin has full access; otherwise rights 'section:level' ('transaction:r',
// 'invoice:rw') open a section, and full access needs 'rw'. Roles none and card_user load no
// accounts at all.
import type { Schemas } from "../api/client";
import type { SessionState } from "../routing/types";

type Rights = Pick<SessionState, "accessRole" | "accessRights">;

export type Level = "r" | "rw";

/** A right 'section:level' as SPEC §6 writes it, or null when it is not one. */
export function parseRight(text: string): { section: string; level: Level } | null {
  const [section, level, extra] = text.split(":");
  if (!section || extra !== undefined || (level !== "r" && level !== "rw")) return null;
  return { section, level };
}

export function allows(session: Rights, section: string, level: Level): boolean {
  if (session.accessRole === "admin") return true;
  return session.accessRights.some((text) => {
    const right = parseRight(text);
    return right?.section === section && (level === "r" || right.level === "rw");
  });
}

export function loadsAccounts(session: Rights): boolean {
  return session.accessRole !== "none" && session.accessRole !== "card_user";
}

export function readsTransactions(session: Rights): boolean {
  return loadsAccounts(session) && allows(session, "transaction", "r");
}

export function paysTransactions(session: Rights): boolean {
  return loadsAccounts(session) && allows(session, "transaction", "rw");
}

/** A route's guard, as the server's table states it (SPEC §2 Route guards, §6). */
export interface Rule {
  right?: [string, Level];
  accounts?: boolean;
  business?: boolean;
  ukPrimary?: boolean;
  eurPrimary?: boolean;
  complete?: boolean;
  admin?: boolean;
  flag?: Schemas["Flag"];
  /** A lender stands behind the bank's finance (loans, mortgages, factoring). */
  finance?: boolean;
  /** A lender that offers mortgages (a revenue-based lender does not). */
  mortgage?: boolean;
  /** An acquirer stands behind card acceptance. */
  acquiring?: boolean;
}

/** SPEC §6: corporate cards need an Account Owner of a business with a UK primary account and
 * the corporateCards flag (the server's CORPORATE_CARDS). */
export const CORPORATE_CARDS: Rule = {
  admin: true,
  business: true,
  ukPrimary: true,
  complete: true,
  flag: "corporateCards",
};

export type Facts = Pick<
  SessionState,
  "accessRole" | "accessRights" | "isBusiness" | "primaryCurrency" | "accountReady"
> & {
  flags: ReadonlySet<string>;
  financeOffered?: boolean;
  mortgageOffered?: boolean;
  acquiringOffered?: boolean;
};

/** Whether the member meets the rule; `complete` is left out when asked (items shown disabled). */
export function meets(rule: Rule, facts: Facts, { ignoreComplete = false } = {}): boolean {
  return (
    (!rule.accounts && !rule.right ? true : loadsAccounts(facts)) &&
    (!rule.right || allows(facts, rule.right[0], rule.right[1])) &&
    (!rule.admin || facts.accessRole === "admin") &&
    (!rule.business || facts.isBusiness) &&
    (!rule.ukPrimary || facts.primaryCurrency === "GBP") &&
    (!rule.eurPrimary || facts.primaryCurrency === "EUR") &&
    (ignoreComplete || !rule.complete || facts.accountReady) &&
    (!rule.flag || facts.flags.has(rule.flag)) &&
    (!rule.finance || facts.financeOffered === true) &&
    (!rule.mortgage || facts.mortgageOffered === true) &&
    (!rule.acquiring || facts.acquiringOffered === true)
  );
}
