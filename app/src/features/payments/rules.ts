// SPEC §5 payee rules, checked in the browser before a form is sent (the server checks the same
// rules with iban_validate and its BIC parser, and has the last word).
import type { Scheme } from "./api";

export const cleanIban = (text: string) => text.replace(/[\s-]/g, "").toUpperCase();
const digitsOnly = (text: string) => text.replace(/[\s-]/g, "");

/** ISO 13616 check digits (mod 97 over the rearranged IBAN). */
function ibanChecks(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

export function ibanError(text: string): string | undefined {
  const iban = cleanIban(text);
  if (iban.length < 14 || iban.length > 34) return "The IBAN can only be 14 to 34 characters long";
  return ibanChecks(iban) ? undefined : "Invalid IBAN";
}

/** SPEC §5: the IBAN look-up triggers at 15 to 33 cleaned characters. */
export const lookupReady = (text: string) => {
  const length = cleanIban(text).length;
  return length >= 15 && length <= 33;
};

export function bicError(text: string): string | undefined {
  const bic = text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? undefined : "Invalid BIC/SWIFT code";
}

export function sortCodeError(text: string): string | undefined {
  return /^\d{6}$/.test(digitsOnly(text)) ? undefined : "The sort code must contain 6 digits";
}

export function ukAccountNumberError(text: string): string | undefined {
  return /^\d{8}$/.test(digitsOnly(text)) ? undefined : "The account number must contain 8 digits";
}

/** SWIFT takes an IBAN or an account number of 7 to 20 digits. */
export function swiftAccountError(text: string): string | undefined {
  if (/^\d{7,20}$/.test(digitsOnly(text))) return undefined;
  return ibanError(text) ? "Invalid IBAN or Account Number" : undefined;
}

export const isAccountNumber = (text: string) => /^\d{7,20}$/.test(digitsOnly(text));

export function routingCodeError(text: string, withAccountNumber: boolean): string | undefined {
  if (digitsOnly(text) === "") return withAccountNumber ? "Routing Code is invalid" : undefined;
  return /^\d{6,20}$/.test(digitsOnly(text)) ? undefined : "Invalid Routing Code";
}

const LIMITS: Record<Scheme, number> = { local: 18, sepa: 35, swift: 35 };

/** SPEC §5: letters, digits, space and - / ? : ( ) . + # = ! % & * < > ; { @; 18/35/35. */
export function referenceError(text: string, scheme: Scheme): string | undefined {
  const limit = LIMITS[scheme];
  if ([...text.trim()].length > limit) return `Reference is up to ${limit} characters`;
  return /^[A-Za-z0-9 \-/?:().+#=!%&*<>;{@]*$/.test(text.trim())
    ? undefined
    : "Input contains invalid symbols";
}
