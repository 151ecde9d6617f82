// Which promo, if any, opens by itself (SPEC §4): the first feature entry in state toNotify
// of the named list, only when no modal is open; on the phone five of them never open alone.
import type { FeatureEntry } from "../../api/features";
import type { Schemas } from "../../api/client";
import type { Layout } from "../../routing/types";

export type PromoName = Schemas["Promo"];

/** SPEC §4's list, in its order. */
export const AUTO_OPEN: readonly PromoName[] = [
  "biometry",
  "serverInfo",
  "ifCards",
  "fxReturnPromo",
  "fxWithoutLimitsPromo",
  "swiftPromo",
  "usdAndChfPromo",
  "cardBenefitsPromo",
  "cardBenefitFinalPricePromo",
  "corporateCardsPromo",
  "rolesPromo",
  "factoringPromo",
];

/** The bank's own promos that also open alone, after SPEC's list: support's holiday hours
 * (christmasSupportHours) and the offer of a personal profile. */
export const ALSO_OPEN: readonly PromoName[] = ["supportInfo", "createPersonalProfile"];

/** SPEC §4: not auto-opened on mobile. */
export const PHONE_EXEMPT: ReadonlySet<PromoName> = new Set<PromoName>([
  "biometry",
  "ifCards",
  "cardBenefitsPromo",
  "cardBenefitFinalPricePromo",
  "corporateCardsPromo",
]);

export function choosePromo(
  entries: readonly FeatureEntry[] | undefined,
  layout: Layout,
  openDialogs: number,
  /** SPEC §4: a queued system event replaces the promos while it waits. */
  eventsWaiting = 0,
): PromoName | null {
  if (!entries || openDialogs > 0 || eventsWaiting > 0) return null;
  const waiting = new Set(entries.filter((e) => e.state === "toNotify").map((e) => e.name));
  for (const name of [...AUTO_OPEN, ...ALSO_OPEN]) {
    if (layout === "mobile" && PHONE_EXEMPT.has(name)) continue;
    if (waiting.has(name)) return name;
  }
  return null;
}
