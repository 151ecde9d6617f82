// SPEC §2 "Statement": the default period runs from the first of the current month to today,
// with presets, and nothing before 1 September 2022. `today` is London's calendar day
// (`londonDay`), held as a Date at UTC midnight so that day sums are plain calendar sums.
import { isoDay } from "../../lib/format";

export const EARLIEST_DAY = "2022-09-01";

export interface Period {
  from: string;
  to: string;
}

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));

export function defaultPeriod(today: Date): Period {
  return { from: isoDay(utc(today.getUTCFullYear(), today.getUTCMonth(), 1)), to: isoDay(today) };
}

export const PRESETS = {
  "Last month": (today: Date): Period => ({
    from: isoDay(utc(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)),
    to: isoDay(utc(today.getUTCFullYear(), today.getUTCMonth(), 0)),
  }),
  "This month": defaultPeriod,
  // Monday to Sunday of the week before this one.
  "Last week": (today: Date): Period => {
    const weekday = (today.getUTCDay() + 6) % 7;
    const monday = utc(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - weekday - 7);
    const sunday = utc(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + 6);
    return { from: isoDay(monday), to: isoDay(sunday) };
  },
  "Last 7 days": (today: Date): Period => ({
    from: isoDay(utc(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 6)),
    to: isoDay(today),
  }),
} as const;

/** Clamps a period to the earliest day and to today. */
export function clampPeriod(period: Period, today: Date): Period {
  const last = isoDay(today);
  const clamp = (day: string) => (day < EARLIEST_DAY ? EARLIEST_DAY : day > last ? last : day);
  return { from: clamp(period.from), to: clamp(period.to) };
}
