import { describe, expect, it } from "vitest";
import { groupByDay } from "./days";

describe("transactions by day", () => {
  it("groups by the London day and names today and yesterday", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    const items = [
      { id: "a", createdAt: "2026-11-25T09:00:00Z" },
      { id: "b", createdAt: "2026-11-25T00:30:00Z" },
      { id: "c", createdAt: "2026-11-24T23:59:00Z" },
      { id: "d", createdAt: "2026-11-20T12:00:00Z" },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ["Today", ["a", "b"]],
      ["Yesterday", ["c"]],
      ["20.11.2026", ["d"]],
    ]);
  });

  it("uses London's day in summer time, not UTC's", () => {
    // 23:30 UTC on 1 July is 00:30 on 2 July in London.
    const groups = groupByDay([{ createdAt: "2026-07-01T23:30:00Z" }], new Date("2026-07-02T12:00:00Z"));
    expect(groups[0]?.label).toBe("Today");
  });
});
