import { describe, expect, it } from "vitest";
import { clampPeriod, defaultPeriod, PRESETS } from "./statementPeriod";

const today = new Date("2026-11-22T10:00:00Z"); // a Sunday

describe("statement period", () => {
  it("defaults to the first of the month through today", () => {
    expect(defaultPeriod(today)).toEqual({ from: "2026-11-01", to: "2026-11-22" });
  });
  it("has SPEC's presets", () => {
    expect(PRESETS["Last month"](today)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(PRESETS["This month"](today)).toEqual({ from: "2026-11-01", to: "2026-11-22" });
    expect(PRESETS["Last week"](today)).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(PRESETS["Last 7 days"](today)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(PRESETS["Last month"](new Date("2026-01-15T00:00:00Z"))).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });
  it("never starts before 1 September 2022 or ends after today", () => {
    expect(clampPeriod({ from: "2021-01-01", to: "2030-01-01" }, today)).toEqual({
      from: "2022-09-01",
      to: "2026-11-22",
    });
  });
});
