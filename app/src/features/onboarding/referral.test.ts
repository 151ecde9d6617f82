import { describe, expect, it } from "vitest";
import { keepReferral, keptReferral } from "./referral";

function memory(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
    key: () => null,
    length: 0,
  };
}

describe("a referral code from a link (SPEC §9: kept 60 days)", () => {
  const day = 24 * 60 * 60 * 1000;

  it("is kept for 60 days, then forgotten", () => {
    const store = memory();
    keepReferral(store, " ab3k9x7q ", 0);
    expect(keptReferral(store, 59 * day)).toBe("AB3K9X7Q");
    expect(keptReferral(store, 60 * day)).toBeNull();
    expect(keptReferral(store, 0)).toBeNull();
  });

  it("ignores what is not a code, and survives a broken value", () => {
    const store = memory();
    keepReferral(store, "<script>", 0);
    expect(keptReferral(store, 0)).toBeNull();
    store.setItem("bank.referral", "{not json");
    expect(keptReferral(store, 0)).toBeNull();
  });
});
