import { describe, expect, it } from "vitest";
import { opensBecauseItGrew } from "./dropdownOpening";

describe("the profile dropdown (SPEC §4)", () => {
  it("opens by itself only when the count grows past the first one", () => {
    expect(opensBecauseItGrew(1, 1)).toBe(false);
    expect(opensBecauseItGrew(1, 2)).toBe(true);
    expect(opensBecauseItGrew(2, 1)).toBe(false);
    expect(opensBecauseItGrew(null, 3)).toBe(false);
  });
});
