import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatNumber, formatSigned, formatTime, isoDay, londonDay } from "./format";

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
