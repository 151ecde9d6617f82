// What each back-office page needs of a member's role: the app mirrors the server's table
// (server/domain/backoffice/staff.rs) only to hide what cannot be used.
import type { StaffMe } from "./api";

export interface BackOfficeArea {
  path: string;
  label: string;
  duty: string;
  description: string;
}

export const AREAS: BackOfficeArea[] = [
  {
    path: "/back-office/customers",
    label: "Customers",
    duty: "read_customers",
    description: "Find a customer by name, email, company, IBAN or card; open their record with a reason.",
  },
  {
    path: "/back-office/inbox",
    label: "Support inbox",
    duty: "answer_messages",
    description: "Contact messages, call-back requests and chats: take one, answer it, close it.",
  },
  {
    path: "/back-office/kyb",
    label: "Business reviews",
    duty: "decide_onboarding",
    description: "Businesses waiting for the bank's KYB review: approve, reject or ask for more.",
  },
  {
    path: "/back-office/identity",
    label: "Identity checks",
    duty: "decide_onboarding",
    description: "Checks stalled at the provider, people stuck after a request for a new photo, refusals.",
  },
  {
    path: "/back-office/payments",
    label: "Payments",
    duty: "payments",
    description: "Money in suspense, returned transfers and payments that named no invoice.",
  },
  {
    path: "/back-office/content",
    label: "Promos and events",
    duty: "content",
    description:
      "Promos with their audience and dates; system events and surveys for a customer or a segment.",
  },
  {
    path: "/back-office/approvals",
    label: "Approvals",
    duty: "payments",
    description: "Changes another member proposed that need your approval (four eyes).",
  },
  {
    path: "/back-office/approvals",
    label: "Approvals",
    duty: "restrict",
    description: "Changes another member proposed that need your approval (four eyes).",
  },
  {
    path: "/back-office/approvals",
    label: "Approvals",
    duty: "manage_staff",
    description: "Changes another member proposed that need your approval (four eyes).",
  },
  {
    path: "/back-office/settings",
    label: "Feature flags",
    duty: "flags",
    description: "SPEC's feature flags as configured and as overridden, with who changed what.",
  },
  {
    path: "/back-office/staff",
    label: "Staff",
    duty: "manage_staff",
    description:
      "Every member and their role; propose a new one (a second administrator approves) or disable one.",
  },
];

/** The areas a member's role uses, each once. */
export function areasFor(member: StaffMe): BackOfficeArea[] {
  const mine = AREAS.filter((area) => member.duties.includes(area.duty));
  return mine.filter((area, index) => mine.findIndex((other) => other.path === area.path) === index);
}

export const ROLE_NAMES: Record<StaffMe["role"], string> = {
  support: "Support",
  compliance: "Compliance",
  operations: "Operations",
  admin: "Administrator",
};
