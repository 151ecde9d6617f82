import { describe, expect, it } from "vitest";
import { keepLinkKeys, keptLinkKeys } from "./linkKeys";

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

describe("campaign and referral keys from a link (SPEC §9: kept 60 days)", () => {
  const day = 24 * 60 * 60 * 1000;

  it("keeps a code, its programme and a campaign for 60 days, then forgets them", () => {
    const store = memory();
    keepLinkKeys(store, { ref: " ab3k9x7q ", programme: "account", campaign: "spring_2027" }, 0);
    expect(keptLinkKeys(store, 59 * day)).toEqual({
      referralCode: "AB3K9X7Q",
      referralProgramme: "account",
      campaign: "spring_2027",
    });
    const none = { referralCode: null, referralProgramme: null, campaign: null };
    expect(keptLinkKeys(store, 60 * day)).toEqual(none);
    expect(keptLinkKeys(store, 0)).toEqual(none);
  });

  it("a card link names no programme; a newer link replaces an older one", () => {
    const store = memory();
    keepLinkKeys(store, { ref: "AB3K9X7Q", programme: "account" }, 0);
    keepLinkKeys(store, { ref: "ZZ3K9X7Q" }, day);
    expect(keptLinkKeys(store, day)).toEqual({
      referralCode: "ZZ3K9X7Q",
      referralProgramme: null,
      campaign: null,
    });
  });

  it("ignores what is not a code or a campaign, and survives a broken value", () => {
    const store = memory();
    keepLinkKeys(store, { ref: "<script>", campaign: "<b>" }, 0);
    expect(keptLinkKeys(store, 0).referralCode).toBeNull();
    store.setItem("bank.referral", "{not json");
    expect(keptLinkKeys(store, 0).campaign).toBeNull();
  });
});
