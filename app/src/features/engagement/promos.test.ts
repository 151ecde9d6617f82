import { describe, expect, it } from "vitest";
import type { Site } from "../../routing/types";
import { promoContent } from "./promos";
import { ALSO_OPEN, AUTO_OPEN, type PromoName } from "./spotlight";

const site: Site = {
  baseUrl: "https://bank.test",
  legalName: "Harbour Payments Ltd",
  tradingName: "Harbour",
  address: "20 Finsbury Circus, London",
  companyNumber: "14928371",
  supportPhone: "+44 20 3885 0190",
  supportEmail: "support@harbour.example",
  regulatorReference: "902117",
  holidaySupportHours: "24 December: 9:00 to 13:00; 25 December: closed",
};

const ALL: PromoName[] = [...AUTO_OPEN, ...ALSO_OPEN, "userInvitationPromo"];

describe("the fifteen promo modals of SPEC §2", () => {
  it("each says something and leads somewhere in the bank, in both layouts", () => {
    expect(new Set(ALL).size).toBe(15);
    for (const layout of ["desktop", "mobile"] as const) {
      for (const name of ALL) {
        const content = promoContent(name, site, layout, false);
        expect(content.title, name).not.toBe("");
        expect(content.lines.length, name).toBeGreaterThan(0);
        expect(content.action?.to.startsWith("/"), name).toBe(true);
      }
    }
  });

  it("support info shows the holiday hours only in season", () => {
    expect(promoContent("supportInfo", site, "mobile", true).points).toContain("25 December: closed");
    expect(promoContent("supportInfo", site, "mobile", false).points).not.toContain("25 December: closed");
  });

  it("card perks carry SPEC §9's figures", () => {
    const points = promoContent("cardBenefitsPromo", site, "desktop", false).points ?? [];
    expect(points).toContain("3x1GB per year roaming plus 15% off extra data");
    expect(points).toContain("Up to 35% cash-back on business travel");
  });
});
