import { describe, expect, it } from "vitest";
import type { BusinessData } from "./api";
import { checkStep, startWizard, wizardReducer } from "./businessWizard";

const start = (data: Partial<BusinessData> = {}, step = 0) =>
  startWizard({ data: data as BusinessData, step }, "GB");

describe("the business wizard", () => {
  it("starts at the saved step with the default country, never past the summary", () => {
    expect(start({}, 2)).toMatchObject({ step: 2, data: { country: "GB" } });
    expect(start({ country: "DE" }, 9)).toMatchObject({ step: 5, data: { country: "DE" } });
  });

  it("resets the data when the country changes (SPEC §4)", () => {
    const filled = wizardReducer(start({ name: "Acme Ltd", type: "ltd" }), {
      type: "checked",
      errors: { x: "y" },
    });
    const changed = wizardReducer(filled, { type: "countryChosen", country: "DE" });
    expect(changed.data).toEqual({ country: "DE", type: "" });
    expect(changed.errors).toEqual({});
  });

  it("goes back to the company type from an unsupported country", () => {
    const blocked = wizardReducer(start({ country: "US", type: "llc" }, 0), {
      type: "blocked",
      country: "United States",
    });
    expect(blocked.blocked).toBe("United States");
    const back = wizardReducer(blocked, { type: "unblocked", fallbackCountry: "GB" });
    expect(back).toMatchObject({ blocked: null, step: 0, data: { country: "GB", type: "" } });
  });

  it("steps back one step at a time and not below the first", () => {
    const s = wizardReducer(start({}, 1), { type: "steppedBack" });
    expect(s.step).toBe(0);
    expect(wizardReducer(s, { type: "steppedBack" }).step).toBe(0);
  });

  it("checks each step with SPEC §5's messages", () => {
    expect(checkStep(0, { country: "GB" } as BusinessData)).toEqual({ type: "Field is required" });
    expect(checkStep(2, { country: "GB" } as BusinessData).business_type).toBe("Select industry type");
    const address = checkStep(3, { country: "GB", actual_same_as_legal: true } as BusinessData);
    expect(Object.keys(address).sort()).toEqual([
      "legal_address_1",
      "legal_building_number",
      "legal_city",
      "legal_postcode",
    ]);
  });
});
