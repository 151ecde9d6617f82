// SPEC §2 navigation and mobile side menu as one table, filtered by SPEC §6's rules (the same
// rules the server's table gives the pages). Every item of SPEC §2's menu is
// listed.
import { CORPORATE_CARDS, type Facts, meets, type Rule } from "../lib/rights";
import type { Layout } from "../routing/types";
import type { IconName } from "../ui/Icon";

/** The side menu's groups, in SPEC §2's order. */
export const GROUPS = ["Manager", "Invoicing"] as const;
export type Group = (typeof GROUPS)[number];

export interface MenuItem {
  to: string;
  /** Where the item leads on the phone, when the screen has another path there (SPEC §2). */
  mobileTo?: string;
  label: string;
  icon: IconName;
  rule: Rule;
  /** Another rule that also shows the item. */
  orRule?: Rule;
  /** Where the item leads instead when this rule holds, in these layouts. */
  instead?: { rule: Rule; to: string; layouts: Layout[] };
  /** The layouts that have the screen (both when absent). */
  layouts?: Layout[];
  group?: Group;
}

const PAY: Rule = { right: ["transaction", "rw"] };
/** SPEC §6: invoicing needs invoice access and a business; a new invoice its full level. */
const INVOICES: Rule = { right: ["invoice", "r"], business: true };

export const MENU: MenuItem[] = [
  { to: "/dashboard", label: "Home", icon: "home", rule: {} },
  { to: "/recipients", label: "Recipients", icon: "recipients", rule: { right: ["transaction", "r"] } },
  { to: "/transfer/{scheme}", label: "Send money", icon: "send", rule: { ...PAY, complete: true } },
  {
    to: "/currency-converter",
    label: "Currency exchange",
    icon: "exchange",
    rule: { ...PAY, complete: true, flag: "currencyExchange" },
  },
  {
    to: "/bank-accounts/details",
    label: "Account details",
    icon: "bank",
    rule: { accounts: true },
    layouts: ["desktop"],
  },
  {
    to: "/statement",
    label: "Generate Statement",
    icon: "statement",
    rule: { right: ["transaction", "r"], complete: true },
    group: "Manager",
  },
  {
    to: "/proof-letter",
    label: "Proof Of Banking Account",
    icon: "proof",
    rule: { accounts: true, complete: true },
    group: "Manager",
  },
  {
    to: "/invoice/new",
    label: "New Invoice",
    icon: "plus",
    rule: { ...INVOICES, right: ["invoice", "rw"] },
    group: "Invoicing",
  },
  { to: "/invoice/list", label: "My Invoices", icon: "invoice", rule: INVOICES, group: "Invoicing" },
  {
    to: "/invoice/contractors",
    label: "My Contractors / Clients",
    icon: "recipients",
    rule: INVOICES,
    group: "Invoicing",
  },
  // SPEC §6: cards need a complete account with a UK primary one; euro customers are told
  // cards are coming while the euCardComingSoon flag is on. The mobile side menu leads an
  // Account Owner who gives corporate cards to those (SPEC §2).
  {
    to: "/cards",
    label: "My Cards",
    icon: "card",
    rule: { complete: true, ukPrimary: true },
    orRule: { complete: true, eurPrimary: true, flag: "euCardComingSoon" },
    instead: { rule: CORPORATE_CARDS, to: "/cards/corporate", layouts: ["mobile"] },
  },
  // SPEC §6: merchant needs merchant access and a business; and an acquirer behind it.
  {
    to: "/merchant",
    label: "Merchant",
    icon: "card",
    rule: { right: ["merchant", "r"], business: true, acquiring: true },
  },
  // SPEC §6: factoring needs a business with a UK primary account (and its right).
  {
    to: "/factoring",
    label: "Factoring",
    icon: "invoice",
    rule: { right: ["factoring", "r"], business: true, ukPrimary: true, finance: true },
  },
  // SPEC §6: loans need loan access, a business and a UK primary account; and a lender behind
  // them (none configured: not offered at all).
  {
    to: "/loans",
    label: "Business Loans",
    icon: "loan",
    rule: { right: ["loan", "r"], business: true, ukPrimary: true, finance: true },
  },
  {
    to: "/mortgage",
    label: "Mortgage",
    icon: "bank",
    rule: { right: ["loan", "r"], business: true, ukPrimary: true, finance: true, mortgage: true },
  },
  // SPEC §2's last item: anyone signed in may write to support.
  { to: "/contact-us", label: "Contact Us", icon: "person", rule: {} },
  { to: "/referrals", label: "Refer a friend", icon: "team", rule: { complete: true, flag: "referrals" } },
  { to: "/terms-and-policies", label: "Terms and policies", icon: "proof", rule: {}, layouts: ["desktop"] },
  // A business's team lives on the person's account page (SPEC §2 Team users); the entry leads
  // straight to it.
  {
    to: "/client/details#team",
    mobileTo: "/account#team",
    label: "Team",
    icon: "team",
    rule: { business: true, accounts: true },
  },
  { to: "/client/details", label: "Your details", icon: "person", rule: {}, layouts: ["desktop"] },
];

export interface ShownItem {
  to: string;
  label: string;
  icon: IconName;
  /** Complete-only items are shown disabled until validation is complete (SPEC §2). */
  enabled: boolean;
  group?: Group;
}

/** The transfer screen opens on the primary currency's scheme (SPEC §2 transfer/{scheme}). */
function schemeOf(primary: Facts["primaryCurrency"]): string {
  return primary === "GBP" ? "1" : primary === "EUR" ? "0" : "2";
}

function ruleOf(item: MenuItem, facts: Facts, ignoreComplete: boolean): boolean {
  return [item.rule, item.orRule].some(
    (rule) => rule !== undefined && meets(rule, facts, { ignoreComplete }),
  );
}

export function menuFor(facts: Facts, layout: Layout): ShownItem[] {
  return MENU.filter((item) => !item.layouts || item.layouts.includes(layout))
    .filter((item) => ruleOf(item, facts, true))
    .map((item) => ({
      to:
        item.instead?.layouts.includes(layout) && meets(item.instead.rule, facts)
          ? item.instead.to
          : ((layout === "mobile" && item.mobileTo) || item.to).replace(
              "{scheme}",
              schemeOf(facts.primaryCurrency),
            ),
      label: item.label,
      icon: item.icon,
      enabled: ruleOf(item, facts, false),
      ...(item.group ? { group: item.group } : {}),
    }));
}

/** The profile block's short name: its initials. */
export { initials as shortName } from "../lib/initials";
