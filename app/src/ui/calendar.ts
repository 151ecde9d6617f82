// The date picker's calendar arithmetic on plain yyyy-MM-dd days (SPEC §9), in UTC so no time
// zone can shift a day; "today" is the London day the caller passes in.

/** SPEC §9: the picker's default earliest day. */
export const DEFAULT_MIN = "1800-01-01";
/** SPEC §9: the year view lists at least 12 years; 16 fill a 4 × 4 grid. */
export const YEARS_PER_PAGE = 16;
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

export function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

export function parts(day: string): { year: number; month: number; day: number } {
  const [y, m, d] = day.split("-").map(Number);
  return { year: y as number, month: m as number, day: d as number };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar day in yyyy-MM-dd, or false. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const { year, month, day } = parts(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** yyyy-MM-dd → dd.MM.yyyy, as the bank shows dates. */
export function display(day: string): string {
  if (!isDay(day)) return "";
  const { year, month, day: d } = parts(day);
  return `${pad(d)}.${pad(month)}.${year}`;
}

/** What a person typed (d.M.yyyy, with dots, slashes or dashes) → yyyy-MM-dd, or null. */
export function parseTyped(text: string): string | null {
  const match = /^\s*(\d{1,2})[./-](\d{1,2})[./-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const day = iso(Number(match[3]), Number(match[2]), Number(match[1]));
  return isDay(day) ? day : null;
}

/** Inside [min, max]; yyyy-MM-dd strings compare as days. */
export function inRange(day: string, min: string, max: string | undefined): boolean {
  return day >= min && (max === undefined || day <= max);
}

export interface GridDay {
  day: string;
  inMonth: boolean;
}

/** The weeks (Monday first, as in Britain) that show a month: 5 or 6 rows of 7 days. */
export function monthGrid(year: number, month: number): GridDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const cells = Math.ceil((lead + daysIn(year, month)) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < cells; i++) {
    const date = new Date(Date.UTC(year, month - 1, 1 - lead + i));
    const day = iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push({ day, inMonth: date.getUTCMonth() + 1 === month });
  }
  return weeks;
}

/** `day` moved by a number of days (arrow keys in the grid), clamped into [min, max]. */
export function addDays(day: string, by: number, min: string, max: string | undefined): string {
  const { year, month, day: d } = parts(day);
  const date = new Date(Date.UTC(year, month - 1, d + by));
  const moved = iso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  if (moved < min) return min;
  if (max !== undefined && moved > max) return max;
  return moved;
}

/** The page of the year view that holds `year`. */
export function yearPage(year: number): number[] {
  const start = year - (((year % YEARS_PER_PAGE) + YEARS_PER_PAGE) % YEARS_PER_PAGE);
  return Array.from({ length: YEARS_PER_PAGE }, (_, i) => start + i);
}

/** Whether any day of a month, or of a year, is inside [min, max]. */
export function monthAllowed(year: number, month: number, min: string, max: string | undefined): boolean {
  return (
    inRange(iso(year, month, daysIn(year, month)), min, undefined) &&
    (max === undefined || iso(year, month, 1) <= max)
  );
}

export function yearAllowed(year: number, min: string, max: string | undefined): boolean {
  return iso(year, 12, 31) >= min && (max === undefined || iso(year, 1, 1) <= max);
}
