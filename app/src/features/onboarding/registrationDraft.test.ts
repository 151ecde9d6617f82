import { describe, expect, it } from "vitest";
import { clearDraft, loadDraft, parseDraft, saveDraft } from "./registrationDraft";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("registration draft", () => {
  it("round-trips the step, email and flow", () => {
    const storage = memoryStorage();
    saveDraft(storage, { step: 1, email: "ada@example.com", flow: "personal" });
    expect(loadDraft(storage)).toEqual({ step: 1, email: "ada@example.com", flow: "personal" });
    clearDraft(storage);
    expect(loadDraft(storage)).toBeNull();
  });

  it("ignores anything it did not write", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft(JSON.stringify({ step: 3, email: "a@b.co", flow: "business" }))).toBeNull();
    expect(parseDraft(JSON.stringify({ step: 1, email: "", flow: "business" }))).toBeNull();
    expect(parseDraft(JSON.stringify({ step: 1, email: "a@b.co", flow: "admin" }))).toBeNull();
  });
});
