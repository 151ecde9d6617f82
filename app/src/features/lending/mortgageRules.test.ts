import { describe, expect, it } from "vitest";
import { NOT_READY, notReady } from "./mortgageRules";

describe("the mortgage's submit rule (SPEC §4)", () => {
  it("needs both finances saved and none being edited", () => {
    expect(notReady(true, true, false)).toBeNull();
    expect(notReady(true, false, false)).toBe("ONLY_ONE");
    expect(notReady(false, true, false)).toBe("ONLY_ONE");
    expect(notReady(false, false, false)).toBe("EMPTY");
    expect(notReady(true, true, true)).toBe("IN_EDIT");
    expect(NOT_READY.IN_EDIT).toMatch(/Save or discard/);
  });
});
