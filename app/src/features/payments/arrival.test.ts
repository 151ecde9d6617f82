import { describe, expect, it } from "vitest";
import { arrivalText } from "./arrival";

describe("arrivalText", () => {
  it("says a UK local transfer arrives today, within minutes", () => {
    expect(arrivalText({ earliest: "2026-11-26", latest: "2026-11-26" }, "local", "2026-11-26")).toBe(
      "Today, usually within minutes",
    );
  });

  it("names the day a SEPA transfer arrives, tomorrow or later", () => {
    expect(arrivalText({ earliest: "2026-11-27", latest: "2026-11-27" }, "sepa", "2026-11-26")).toBe(
      "Tomorrow, Friday 27 November",
    );
    expect(arrivalText({ earliest: "2026-11-30", latest: "2026-11-30" }, "sepa", "2026-11-26")).toBe(
      "Monday 30 November",
    );
  });

  it("gives SWIFT's range of days", () => {
    expect(arrivalText({ earliest: "2026-11-27", latest: "2026-12-02" }, "swift", "2026-11-26")).toBe(
      "Between tomorrow, Friday 27 November and Wednesday 2 December",
    );
  });
});
