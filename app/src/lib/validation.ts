// Validation rules and messages of SPEC §5, shared by forms.

export const REQUIRED = "Field is required";

// A deliberately plain check: one @, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | undefined {
  if (value.trim() === "") return REQUIRED;
  return EMAIL.test(value.trim()) ? undefined : "Email is invalid";
}

export function requiredError(value: string): string | undefined {
  return value.trim() === "" ? REQUIRED : undefined;
}
