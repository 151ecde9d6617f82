import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDate,
  formatMoney,
  formatNumber,
  formatSigned,
  formatTime,
  isoDay,
  londonDay,
  londonOffsets,
  londonTime,
  takeLondonOffsets,
} from "./format";

describe("money", () => {
  it("groups thousands and keeps two decimals", () => {
    expect(formatNumber(1234567.8)).toBe("1,234,567.80");
    expect(formatNumber(0)).toBe("0.00");
  });
  it("uses SPEC's symbols", () => {
    expect(formatMoney(12.5, "GBP")).toBe("£12.50");
    expect(formatMoney(-3, "EUR")).toBe("-€3.00");
    expect(formatMoney(1, "USD")).toBe("$1.00");
    expect(formatMoney(1, "CHF")).toBe("₣1.00");
    expect(formatMoney(1, "ALL")).toBe("ALL 1.00");
  });
  it("marks money in with a plus", () => {
    expect(formatSigned(5, "GBP")).toBe("+£5.00");
    expect(formatSigned(-5, "GBP")).toBe("-£5.00");
  });
});

describe("counts", () => {
  it("groups thousands without decimals", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-1008)).toBe("-1,008");
  });
});

describe("dates", () => {
  it("formats dd.MM.yyyy and kk:mm", () => {
    expect(formatDate("2026-03-07T09:05:00Z")).toBe("07.03.2026");
    expect(formatTime("2026-03-07T09:05:00Z")).toBe("09:05");
    expect(formatTime("2026-03-07T00:15:00Z")).toBe("24:15");
  });
  it("writes yyyy-MM-dd", () => {
    expect(isoDay(new Date("2026-11-02T23:00:00Z"))).toBe("2026-11-02");
  });
  it("shows London's date and time, in summer an hour ahead of UTC", () => {
    // 00:30 BST on 1 July is still 30 June in UTC.
    expect(formatDate("2026-06-30T23:30:00Z")).toBe("01.07.2026");
    expect(formatTime("2026-06-30T23:30:00Z")).toBe("24:30");
    expect(isoDay(londonDay(new Date("2026-06-30T23:30:00Z")))).toBe("2026-07-01");
  });
  it("follows both clock changes", () => {
    // Spring forward at 01:00 GMT on 29 March 2026.
    expect(formatTime("2026-03-29T00:59:00Z")).toBe("24:59");
    expect(formatTime("2026-03-29T01:00:00Z")).toBe("02:00");
    expect(isoDay(londonDay(new Date("2026-03-28T23:30:00Z")))).toBe("2026-03-28");
    // Fall back at 01:00 GMT on 25 October 2026.
    expect(formatTime("2026-10-25T00:30:00Z")).toBe("01:30");
    expect(formatTime("2026-10-25T01:30:00Z")).toBe("01:30");
    expect(isoDay(londonDay(new Date("2026-10-24T23:30:00Z")))).toBe("2026-10-25");
    expect(isoDay(londonDay(new Date("2026-10-25T23:30:00Z")))).toBe("2026-10-25");
  });
  it("agrees with Intl's own reading minute by minute across both change days (the offset table)", () => {
    const intl = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    for (const start of ["2026-03-28T22:00:00Z", "2026-10-24T22:00:00Z", "1999-12-31T22:00:00Z"]) {
      for (let minute = 0; minute < 6 * 60; minute += 7) {
        const at = new Date(Date.parse(start) + minute * 60_000);
        const [date, time] = intl.format(at).split(", ");
        const [hour, min] = (time ?? "").split(":");
        const expected = `${date?.replace(/\//g, ".")} ${hour === "00" ? "24" : hour}:${min}`;
        expect(`${formatDate(at.toISOString())} ${formatTime(at.toISOString())}`).toBe(expected);
      }
    }
  });
});

describe("London's offsets in the page state", () => {
  const HOUR = 3_600_000;
  it("lists each change of the years around now, at 01:00 UTC on the last Sundays of March and October", () => {
    const offsets = londonOffsets(new Date("2026-06-01T12:00:00Z"));
    expect(offsets.from).toBe(Date.UTC(2024, 0, 1));
    expect(offsets.until).toBe(Date.UTC(2028, 0, 1));
    expect(offsets.changes.map(([at, offset]) => [new Date(at).toISOString(), offset / HOUR])).toEqual([
      ["2024-01-01T00:00:00.000Z", 0],
      ["2024-03-31T01:00:00.000Z", 1],
      ["2024-10-27T01:00:00.000Z", 0],
      ["2025-03-30T01:00:00.000Z", 1],
      ["2025-10-26T01:00:00.000Z", 0],
      ["2026-03-29T01:00:00.000Z", 1],
      ["2026-10-25T01:00:00.000Z", 0],
      ["2027-03-28T01:00:00.000Z", 1],
      ["2027-10-31T01:00:00.000Z", 0],
    ]);
  });
  it("gives the browser every hour's London time exactly as Intl does, and Intl's beyond them", () => {
    const offsets = londonOffsets(new Date("2026-06-01T12:00:00Z"));
    const instants: Date[] = [];
    for (let at = offsets.from - 48 * HOUR; at < offsets.until + 48 * HOUR; at += HOUR)
      instants.push(new Date(at + 59 * 60_000));
    instants.push(new Date("2015-07-01T12:00:00Z"), new Date("2031-01-15T12:00:00Z"));
    takeLondonOffsets(undefined);
    const byIntl = instants.map((instant) => londonTime(instant));
    takeLondonOffsets(offsets);
    try {
      expect(instants.map((instant) => londonTime(instant))).toEqual(byIntl);
      expect(formatTime("2026-10-25T00:59:00Z")).toBe("01:59");
      expect(formatTime("2026-10-25T01:00:00Z")).toBe("01:00");
      expect(formatDate("2015-07-01T23:30:00Z")).toBe("02.07.2015");
    } finally {
      takeLondonOffsets(undefined);
    }
  });
});
