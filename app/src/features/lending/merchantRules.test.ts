import { describe, expect, it } from "vitest";
import { NOT_100, PERCENT, ratioOf, shareErrors } from "./merchantRules";

const shares = (uk: string, eea = "", us = "", restOfWorld = "") => ({ uk, eea, us, restOfWorld });

describe("the merchant form's shares of card sales (SPEC §5)", () => {
  it("takes shares of 1 to 100 that add up to 100", () => {
    expect(shareErrors(shares("70", "30"))).toEqual({});
    expect(shareErrors(shares("100"))).toEqual({});
  });

  it("names each share out of range, then a total that is not 100", () => {
    expect(shareErrors(shares("0", "100"))).toEqual({ "potentialGeographyPercentRatio.uk": PERCENT });
    expect(shareErrors(shares("101"))).toEqual({ "potentialGeographyPercentRatio.uk": PERCENT });
    expect(shareErrors(shares("12.5", "87.5"))["potentialGeographyPercentRatio.uk"]).toBe(PERCENT);
    expect(shareErrors(shares("60", "30"))).toEqual({ potentialGeographyPercentRatio: NOT_100 });
    expect(shareErrors(shares(""))).toEqual({ potentialGeographyPercentRatio: "Field is required" });
  });

  it("sends a region left empty as none", () => {
    expect(ratioOf(shares("70", "", "30"))).toEqual({ uk: 70, eea: null, us: 30, restOfWorld: null });
  });
});
