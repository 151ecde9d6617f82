import { describe, expect, it } from "vitest";
import type { FeatureEntry } from "../../api/features";
import { choosePromo } from "./spotlight";

const entry = (name: FeatureEntry["name"], state: FeatureEntry["state"] = "toNotify"): FeatureEntry => ({
  name,
  state,
});

describe("SPEC §4 promo auto-open", () => {
  it("opens the first toNotify entry of SPEC's list, not the first in the answer", () => {
    const entries = [entry("referrals", "on"), entry("rolesPromo"), entry("swiftPromo"), entry("serverInfo")];
    expect(choosePromo(entries, "desktop", 0)).toBe("serverInfo");
  });

  it("skips what was seen or dismissed", () => {
    const entries = [entry("serverInfo", "seen"), entry("swiftPromo", "dismissed"), entry("factoringPromo")];
    expect(choosePromo(entries, "desktop", 0)).toBe("factoringPromo");
    expect(choosePromo([entry("serverInfo", "dismissed")], "desktop", 0)).toBeNull();
  });

  it("opens nothing while another modal is open", () => {
    expect(choosePromo([entry("rolesPromo")], "desktop", 1)).toBeNull();
  });

  it("never opens SPEC's five phone exceptions on the phone", () => {
    const exempt = [
      "biometry",
      "ifCards",
      "cardBenefitsPromo",
      "cardBenefitFinalPricePromo",
      "corporateCardsPromo",
    ];
    const entries = exempt.map((name) => entry(name as FeatureEntry["name"]));
    expect(choosePromo(entries, "mobile", 0)).toBeNull();
    expect(choosePromo(entries, "desktop", 0)).toBe("biometry");
    expect(choosePromo([...entries, entry("swiftPromo")], "mobile", 0)).toBe("swiftPromo");
  });

  it("opens the bank's own promos after SPEC's list", () => {
    expect(choosePromo([entry("supportInfo"), entry("rolesPromo")], "mobile", 0)).toBe("rolesPromo");
    expect(choosePromo([entry("createPersonalProfile"), entry("supportInfo")], "mobile", 0)).toBe(
      "supportInfo",
    );
  });

  it("opens no promo while a system event waits (SPEC §4: events come first)", () => {
    expect(choosePromo([entry("rolesPromo")], "desktop", 0, 1)).toBeNull();
    expect(choosePromo([entry("rolesPromo")], "desktop", 0, 0)).toBe("rolesPromo");
  });
});
