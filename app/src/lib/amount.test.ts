import { describe, expect, it } from "vitest";
import { displayAmount, isPositiveAmount, normalizeAmount, resetDelayMs } from "./amount";

describe("the amount input (SPEC §5)", () => {
  it("keeps digits and one decimal point, strips leading zeros, two decimals", () => {
    expect(normalizeAmount("0012a3")).toBe("123");
    expect(normalizeAmount("1,234.567")).toBe("1234.56");
    expect(normalizeAmount("1.2.3")).toBe("1.23");
    expect(normalizeAmount(".5")).toBe("0.5");
    expect(normalizeAmount("00.50")).toBe("0.50");
    expect(normalizeAmount("0")).toBe("0");
    expect(normalizeAmount("12.", 2)).toBe("12.");
    expect(normalizeAmount("7.5", 0)).toBe("75");
  });

  it("shows thousands separators", () => {
    expect(displayAmount("1234567.8")).toBe("1,234,567.8");
    expect(displayAmount("999")).toBe("999");
    expect(displayAmount("1000.")).toBe("1,000.");
  });

  it("knows a complete positive amount", () => {
    expect(isPositiveAmount("0.01")).toBe(true);
    expect(isPositiveAmount("0.00")).toBe(false);
    expect(isPositiveAmount("12.")).toBe(false);
  });
});

describe("the transaction list's reset schedule (SPEC §4)", () => {
  it("waits 15/n seconds, then 5 seconds past the third refresh", () => {
    expect([1, 2, 3, 4, 9].map(resetDelayMs)).toEqual([15000, 7500, 5000, 5000, 5000]);
  });
});
