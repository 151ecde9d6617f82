// SPEC §9: campaign and referral keys are kept 60 days. What a link carried (`?ref=`, with
// `programme=account` for the account programme, and `?campaign=`) waits in the browser until
// the person signs up, whenever that is, and goes with the sign-up.

const KEY = "bank.referral";
const KEPT_MS = 60 * 24 * 60 * 60 * 1000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface LinkKeys {
  referralCode: string | null;
  referralProgramme: "card" | "account" | null;
  campaign: string | null;
}

interface Kept extends LinkKeys {
  at: number;
}

const NONE: LinkKeys = { referralCode: null, referralProgramme: null, campaign: null };

/** Keeps what a link carried; a newer link replaces what an older one left. */
export function keepLinkKeys(store: Store, query: Record<string, string | undefined>, now: number): void {
  const code = query.ref?.trim().toUpperCase() ?? "";
  const campaign = query.campaign?.trim() ?? "";
  const keys: LinkKeys = {
    referralCode: /^[A-Z0-9]{4,16}$/.test(code) ? code : null,
    referralProgramme: query.programme === "account" ? "account" : null,
    campaign: /^[\w-]{1,64}$/.test(campaign) ? campaign : null,
  };
  if (!keys.referralCode) keys.referralProgramme = null;
  if (keys.referralCode || keys.campaign) store.setItem(KEY, JSON.stringify({ ...keys, at: now }));
}

/** What was kept within the last 60 days. */
export function keptLinkKeys(store: Store, now: number): LinkKeys {
  try {
    const kept = JSON.parse(store.getItem(KEY) ?? "null") as Partial<Kept> | null;
    if (kept && typeof kept.at === "number" && now - kept.at < KEPT_MS)
      return {
        referralCode: typeof kept.referralCode === "string" ? kept.referralCode : null,
        referralProgramme: kept.referralProgramme === "account" ? "account" : null,
        campaign: typeof kept.campaign === "string" ? kept.campaign : null,
      };
  } catch {
    // Something else wrote the key: it is nothing of ours.
  }
  store.removeItem(KEY);
  return NONE;
}
