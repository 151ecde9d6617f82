// SPEC §3/§5 rules of the business onboarding wizard, checked in the browser before a step is
// sent (the server checks the same rules and has the last word: server/domain/onboarding/business.rs).

export const OTHER_PREFIX = "OTHER:";
export const MULTI_REQUIRED = "Required field";
export const OTHER_EMPTY = 'Option "Other" selected, but not filled';

export interface MultiAnswer {
  values: string[];
  /** The customer's own words when "Other" is chosen; null when it is not. */
  other: string | null;
}

/** SPEC §3: chosen values joined by semicolons, with an optional `OTHER:` and free text. */
export function encodeMulti(answer: MultiAnswer): string {
  const parts = [...answer.values];
  // A semicolon in the free text would read back as a second answer.
  if (answer.other !== null) parts.push(`${OTHER_PREFIX}${answer.other.replaceAll(";", ",")}`);
  return parts.join(";");
}

export function decodeMulti(text: string | undefined): MultiAnswer {
  const answer: MultiAnswer = { values: [], other: null };
  for (const part of (text ?? "").split(";").map((p) => p.trim())) {
    if (part === "") continue;
    if (part.startsWith(OTHER_PREFIX)) answer.other = part.slice(OTHER_PREFIX.length).trim();
    else answer.values.push(part);
  }
  return answer;
}

export function multiError(answer: MultiAnswer): string | undefined {
  if (answer.values.length === 0 && answer.other === null) return MULTI_REQUIRED;
  if (answer.other !== null && answer.other.trim() === "") return OTHER_EMPTY;
  return undefined;
}

/** SPEC §5: letters, digits and hyphens, at least 4. */
export function registrationNumberError(value: string): string | undefined {
  const v = value.trim();
  return /^[A-Za-z0-9-]{4,20}$/.test(v) ? undefined : "Invalid registration number";
}

export { urlError } from "../../lib/validation";

/** A VAT number with its country's prefix (EL for Greece); GB has 9 or 12 digits or GD/HA ranges. */
export function vatError(value: string, country: string): string | undefined {
  const v = value.replace(/\s/g, "").toUpperCase();
  if (v === "") return undefined;
  const prefix = country === "GR" ? "EL" : country;
  if (!v.startsWith(prefix)) return "VAT number not valid";
  const rest = v.slice(prefix.length);
  const ok = country === "GB" ? /^(\d{9}|\d{12}|(GD|HA)\d{3})$/.test(rest) : /^[A-Z0-9]{2,12}$/.test(rest);
  return ok ? undefined : "VAT number not valid";
}

/** SPEC §5: at most 15 digits. */
export function phoneError(value: string): string | undefined {
  const digits = value.replace(/[\s()-]/g, "").replace(/^\+/, "");
  if (digits === "") return "Field is required";
  return /^\d{6,15}$/.test(digits) ? undefined : "Phone number is out of range";
}
