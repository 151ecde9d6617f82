import { describe, expect, it } from "vitest";
import { countLabel } from "./countLabel";

describe("the transactions count", () => {
  it("names one, many and a capped search", () => {
    expect(countLabel(1, false)).toBe("1 transaction");
    expect(countLabel(62, false)).toBe("62 transactions");
    expect(countLabel(1008, false)).toBe("1,008 transactions");
    expect(countLabel(1000, true)).toBe("More than 1,000 transactions");
  });
});
