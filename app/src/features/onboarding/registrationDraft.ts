// Where a person is in the registration steps before the account exists (SPEC §2: the wizard can be
// left and resumed). Only the step, the email and the chosen flow are kept, never a code or a
// password, and only for the browser tab (sessionStorage), which is also what the registration
// cookie's one hour roughly matches. A stale step 2 is harmless: the server answers 403 without the
// cookie and the page goes back to step 0.

export type Flow = "business" | "personal";
export type RegistrationDraft = { step: 0 | 1 | 2; email: string; flow: Flow };

const KEY = "bank.registration";

export function parseDraft(raw: string | null): RegistrationDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RegistrationDraft>;
    const step = value.step;
    if (step !== 0 && step !== 1 && step !== 2) return null;
    if (value.flow !== "business" && value.flow !== "personal") return null;
    if (typeof value.email !== "string" || (step > 0 && value.email === "")) return null;
    return { step, email: value.email, flow: value.flow };
  } catch {
    return null;
  }
}

export function loadDraft(storage: Pick<Storage, "getItem">): RegistrationDraft | null {
  return parseDraft(storage.getItem(KEY));
}

export function saveDraft(storage: Pick<Storage, "setItem">, draft: RegistrationDraft) {
  storage.setItem(KEY, JSON.stringify(draft));
}

export function clearDraft(storage: Pick<Storage, "removeItem">) {
  storage.removeItem(KEY);
}
