// A member's access as the form edits it: a role, the occupation of a custom role, and a level per
// SPEC §6 section. card_order is always full and not shown.
import type { Schemas } from "../../api/client";

export type Role = Schemas["Role"];
export type SectionLevel = "none" | "r" | "rw";

/** The sections an Account Owner sets, with the names the form shows. */
export const SECTIONS: [string, string][] = [
  ["transaction", "Accounts and payments"],
  ["invoice", "Invoices"],
  ["loan", "Loans"],
  ["mortgage", "Mortgage"],
  ["merchant", "Merchant"],
  ["factoring", "Factoring"],
  ["card", "Cards"],
];

/** SPEC §2 invite form positions, and plain access. */
export const ASSIGNABLE: [Role, string][] = [
  ["director", "Director"],
  ["cfo", "CFO"],
  ["accountant", "Accountant"],
  ["custom", "Other"],
  ["user", "User"],
];

/** What each position may do when invited: SPEC §6 default permissions (the server's
 * `default_rights`), which the Account Owner can change later on the member's page. Every
 * member may order their own card. */
export const ROLE_HINTS: Partial<Record<Role, string>> = {
  director:
    "Sees and moves money: sends transfers, exchanges and manages recipients. Creates invoices, and applies for loans, mortgages, factoring and card acceptance.",
  cfo: "Sees balances, transactions and statements, but cannot send money. Creates and sends invoices.",
  accountant:
    "Sees balances, transactions and statements, but cannot send money. Creates and sends invoices.",
  custom: "Sees balances, transactions and statements only. You choose their occupation.",
  user: "No access to the company's money until you give it; may order their own card.",
};

export interface AccessDraft {
  role: Role;
  occupation: string;
  levels: Record<string, SectionLevel>;
}

export function draftOf(member: { role: Role; occupation: string | null; rights: string[] }): AccessDraft {
  const levels: Record<string, SectionLevel> = {};
  for (const [section] of SECTIONS) {
    const right = member.rights.find((r) => r.startsWith(`${section}:`));
    levels[section] = right?.endsWith(":rw") ? "rw" : right ? "r" : "none";
  }
  return { role: member.role, occupation: member.occupation ?? "", levels };
}

export function rightsOf(draft: AccessDraft): string[] {
  return SECTIONS.flatMap(([section]) => {
    const level = draft.levels[section];
    return level && level !== "none" ? [`${section}:${level}`] : [];
  });
}

/** SPEC §4: active green; in progress and pending blue; declined and expired red. */
export function statusTone(status: string): "green" | "blue" | "red" {
  if (status === "active") return "green";
  if (status === "invitation_declined" || status === "invitation_expired") return "red";
  return "blue";
}

export const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  in_progress: "In progress",
  invitation_pending: "Invitation pending",
  invitation_expired: "Invitation expired",
  invitation_declined: "Invitation declined",
};
