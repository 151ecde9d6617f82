import { describe, expect, it } from "vitest";
import { filtersFromQuery, hasFilters, withQuery } from "./filters";

describe("transaction filters", () => {
  it("read the type group, dates and keyword from the query", () => {
    const filters = filtersFromQuery({ type: "fees", from: "2026-01-01", to: "2026-01-31", q: " pret " });
    expect(filters).toEqual({
      types: ["fee", "card_fee"],
      from: "2026-01-01",
      to: "2026-01-31",
      keyword: "pret",
    });
    expect(hasFilters(filters)).toBe(true);
  });
  it("ignore what is not a filter", () => {
    const filters = filtersFromQuery({ type: "lottery", from: "01/01/2026" });
    expect(filters).toEqual({ types: [], from: "", to: "", keyword: "" });
    expect(hasFilters(filters)).toBe(false);
  });
  it("change one key and keep the rest", () => {
    expect(withQuery({ account: "a1", q: "pret" }, { txn: "t9" })).toBe("?account=a1&q=pret&txn=t9");
    expect(withQuery({ account: "a1", txn: "t9" }, { txn: null })).toBe("?account=a1");
    expect(withQuery({}, { q: "" })).toBe("");
  });
});
