// SPEC §9: campaign and referral keys are kept 60 days. A friend's card referral code from a
// link (`?ref=`) waits in the browser until the person signs up, whenever that is.

const KEY = "bank.referral";
const KEPT_MS = 60 * 24 * 60 * 60 * 1000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Keeps a code from a link; a newer link replaces an older one. */
export function keepReferral(store: Store, code: string, now: number): void {
  const clean = code.trim().toUpperCase();
  if (/^[A-Z0-9]{4,16}$/.test(clean)) store.setItem(KEY, JSON.stringify({ code: clean, at: now }));
}

/** The code kept within the last 60 days, if any. */
export function keptReferral(store: Store, now: number): string | null {
  try {
    const kept = JSON.parse(store.getItem(KEY) ?? "null") as { code?: unknown; at?: unknown } | null;
    if (kept && typeof kept.code === "string" && typeof kept.at === "number" && now - kept.at < KEPT_MS)
      return kept.code;
  } catch {
    // Something else wrote the key: it is no code of ours.
  }
  store.removeItem(KEY);
  return null;
}
