// Validation rules and messages of SPEC §5, shared by forms.

export const REQUIRED = "Field is required";

// A deliberately plain check, the server's own (domain/auth/email.rs): one @, something before it,
// a dot inside the domain, no spaces, within the lengths mail allows.
export function emailError(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  if (email === "") return REQUIRED;
  const at = email.indexOf("@");
  const local = at < 0 ? "" : email.slice(0, at);
  const domain = at < 0 ? "" : email.slice(at + 1);
  const valid =
    at > 0 &&
    local.length <= 64 &&
    email.length <= 254 &&
    !domain.includes("@") &&
    domain.includes(".") &&
    !domain.startsWith(".") &&
    !domain.endsWith(".") &&
    !/\s/.test(email);
  return valid ? undefined : "Email is invalid";
}

export function requiredError(value: string): string | undefined {
  return value.trim() === "" ? REQUIRED : undefined;
}

// Password (SPEC §5): the live checklist and the first broken rule's message.
export const PASSWORD_MESSAGES = {
  required: "Password is required",
  letterAndNumber: "Password must contain at least one latin letter and a number",
  length: "Password must be at least 8 characters",
  mismatch: "The passwords did not match",
} as const;

export function passwordChecklist(value: string) {
  return {
    length: [...value].length >= 8,
    letter: /[A-Za-z]/.test(value),
    number: /[0-9]/.test(value),
  };
}

export function passwordError(value: string): string | undefined {
  if (value === "") return PASSWORD_MESSAGES.required;
  const check = passwordChecklist(value);
  if (!check.letter || !check.number) return PASSWORD_MESSAGES.letterAndNumber;
  if (!check.length) return PASSWORD_MESSAGES.length;
  return undefined;
}

export function confirmationError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : PASSWORD_MESSAGES.mismatch;
}

// Birth date (SPEC §5): DD, MM, YYYY, single digits zero-padded; 18 to 100 years old.
export const BIRTH_DATE_MESSAGES = {
  invalid: "Date is invalid",
  tooYoung: "You must be at least 18 years old",
  outOfRange: "Birth date is out of range",
} as const;

export function padDatePart(value: string): string {
  return /^\d$/.test(value.trim()) ? `0${value.trim()}` : value.trim();
}

export function birthDateError(day: string, month: string, year: string, today: Date): string | undefined {
  const [d, m, y] = [day, month, year].map((part) => (/^\d+$/.test(part.trim()) ? Number(part) : Number.NaN));
  if (d === undefined || m === undefined || y === undefined || [d, m, y].some(Number.isNaN) || y < 1000) {
    return BIRTH_DATE_MESSAGES.invalid;
  }
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) {
    return BIRTH_DATE_MESSAGES.invalid;
  }
  const now = { y: today.getUTCFullYear(), m: today.getUTCMonth() + 1, d: today.getUTCDate() };
  if (y > now.y || (y === now.y && (m > now.m || (m === now.m && d > now.d))))
    return BIRTH_DATE_MESSAGES.invalid;
  const hadBirthday = now.m > m || (now.m === m && now.d >= d);
  const age = now.y - y - (hadBirthday ? 0 : 1);
  if (age < 18) return BIRTH_DATE_MESSAGES.tooYoung;
  if (age > 100) return BIRTH_DATE_MESSAGES.outOfRange;
  return undefined;
}

// Phone (SPEC §5): at most 15 digits.
export function phoneError(value: string): string | undefined {
  const digits = value.replace(/\D/g, "");
  if (digits === "") return REQUIRED;
  return digits.length > 15 ? "Phone number is out of range" : undefined;
}

/** SPEC §5 URL: an http(s) address with a dotted host; the scheme may be left out. Empty is
 * no error (the field says whether it is required). */
export function urlError(value: string): string | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  try {
    const url = new URL(v.includes("://") ? v : `https://${v}`);
    const ok = (url.protocol === "http:" || url.protocol === "https:") && /\.[^.]+$/.test(url.hostname);
    return ok ? undefined : "Invalid URL";
  } catch {
    return "Invalid URL";
  }
}
