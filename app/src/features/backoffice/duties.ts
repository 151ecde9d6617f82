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
    path: "/back-office/kyb",
    label: "Business reviews",
    duty: "decide_onboarding",
    description: "Businesses waiting for the bank's KYB review: approve, reject or ask for more.",
  },
];

export function areasFor(member: StaffMe): BackOfficeArea[] {
  return AREAS.filter((area) => member.duties.includes(area.duty));
}

export const ROLE_NAMES: Record<StaffMe["role"], string> = {
  support: "Support",
  compliance: "Compliance",
  operations: "Operations",
  admin: "Administrator",
};
