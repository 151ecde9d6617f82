// SPEC §4's submit rule for the mortgage's finance step, and SPEC §9's choices, as the server
// has them (domain/lending/mortgage.rs).

export const DURATIONS = [
  "Less than 3 months",
  "From 3 to 12 months",
  "From 12 months to 3 years",
  "More than 3 years",
] as const;
export const NATIONAL_STATUSES = ["UK National", "Resident"] as const;
export const OCCUPANCY = ["Occupy the property", "Buy as an investment"] as const;
export const MAX_DIRECTORS = 10;
export const MAX_SHAREHOLDERS = 30;

export type NotReady = "ONLY_ONE" | "EMPTY" | "IN_EDIT";

export const NOT_READY: Record<NotReady, string> = {
  ONLY_ONE: "Save both your business finances and the property's finances before you submit.",
  EMPTY: "Add your business finances and the property's finances first.",
  IN_EDIT: "Save or discard your changes before you submit.",
};

/** Why the finance step cannot submit yet, or null when it can. */
export function notReady(businessSaved: boolean, propertySaved: boolean, editing: boolean): NotReady | null {
  if (editing) return "IN_EDIT";
  if (businessSaved && propertySaved) return null;
  return businessSaved || propertySaved ? "ONLY_ONE" : "EMPTY";
}
