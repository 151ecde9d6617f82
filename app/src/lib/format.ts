// SPEC §9 formats. The numbers are written by hand so the same text comes out of the server's
// isolate and the browser (or hydration breaks). Times are Europe/London wall time, read through
// Intl's time-zone data, which both V8s carry: the bank is British, whatever the zone of the
// server or of the customer's phone.

const SYMBOLS: Record<string, string> = { EUR: "€", GBP: "£", USD: "$", CHF: "₣" };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? `${currency} `;
}

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** 1234.5 → "1,234.50"; amounts always with two decimals (SPEC §9). */
export function formatNumber(amount: number): string {
  const [whole, cents] = Math.abs(amount).toFixed(2).split(".");
  return `${grouped(whole ?? "0")}.${cents ?? "00"}`;
}

/** 1008 → "1,008": a count. By hand rather than `toLocaleString`, whose first call in a browser
 * loads the locale's number data: 86 ms of the dashboard's hydration on a 4× slowed phone CPU. */
export function formatCount(count: number): string {
  const sign = count < 0 ? "-" : "";
  return `${sign}${grouped(String(Math.trunc(Math.abs(count))))}`;
}

/** -12.5, "GBP" → "-£12.50". */
export function formatMoney(amount: number, currency: string): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}${currencySymbol(currency)}${formatNumber(amount)}`;
}

/** "+£12.50" for money in, "-£12.50" for money out. */
export function formatSigned(amount: number, currency: string): string {
  return amount > 0 ? `+${formatMoney(amount, currency)}` : formatMoney(amount, currency);
}

const pad = (n: number) => String(n).padStart(2, "0");

export interface LondonTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// Made on first use, not at module load: an Intl object cannot go into the V8 startup
// snapshot. It holds no customer data, so it may outlive a render.
let londonFormat: Intl.DateTimeFormat | undefined;

const HOUR = 3_600_000;
// London's offset from UTC by UTC hour. Europe/London changes offset only on whole UTC hours
// (01:00 UTC in March and October), so one hour has one offset. formatToParts costs ~7 µs and a
// list of 50 transactions asked it 500 times per render, on the server and again in hydration;
// the table holds no customer data and is bounded.
const offsetByHour = new Map<number, number>();

function intlOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  londonFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = londonFormat.formatToParts(new Date(hour * HOUR));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? "0");
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  const offset = wall - hour * HOUR;
  if (offsetByHour.size >= 4096) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** London's offsets from UTC over a span of years, as the server's Intl reads them. The page
 * state carries them, so the browser shows London times without touching Intl's time-zone data,
 * whose first use costs a phone with a 4× slower CPU about 120 ms in one task. */
export interface LondonOffsets {
  from: number;
  until: number;
  /** `[start, offset]` in milliseconds, in order; the first starts at `from`. */
  changes: [number, number][];
}

let span: { year: number; offsets: LondonOffsets } | undefined;

/** The offsets from the start of the year before last to the end of next year (made once a
 * year per isolate: about a hundred Intl reads). London changes offset at most once a month, so
 * each month whose offset differs from the one before is halved down to the hour of the change. */
export function londonOffsets(now: Date): LondonOffsets {
  const year = now.getUTCFullYear();
  if (span?.year === year) return span.offsets;
  const from = Date.UTC(year - 2, 0, 1);
  const until = Date.UTC(year + 2, 0, 1);
  const changes: [number, number][] = [[from, intlOffset(from)]];
  for (let month = 1; Date.UTC(year - 2, month, 1) <= until; month++) {
    const before = (changes.at(-1) as [number, number])[1];
    const end = Date.UTC(year - 2, month, 1);
    const offset = intlOffset(end);
    if (offset === before) continue;
    let low = Date.UTC(year - 2, month - 1, 1) / HOUR;
    let high = end / HOUR;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (intlOffset(middle * HOUR) === before) low = middle;
      else high = middle;
    }
    changes.push([high * HOUR, offset]);
  }
  span = { year, offsets: { from, until, changes } };
  return span.offsets;
}

let given: LondonOffsets | undefined;

/** The browser takes the server's offsets (from the page state) before hydrating. */
export function takeLondonOffsets(offsets: LondonOffsets | undefined): void {
  given = offsets;
}

function londonOffset(ms: number): number {
  if (given && ms >= given.from && ms < given.until) {
    let offset = given.changes[0]?.[1] ?? 0;
    for (const [start, value] of given.changes) {
      if (start > ms) break;
      offset = value;
    }
    return offset;
  }
  return intlOffset(ms);
}

/** An instant as London wall time. */
export function londonTime(instant: Date): LondonTime {
  const ms = instant.getTime();
  const wall = new Date(ms + londonOffset(ms));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/** The London calendar day of an instant, as a Date at that day's UTC midnight (for day sums). */
export function londonDay(instant: Date): Date {
  const { year, month, day } = londonTime(instant);
  return new Date(Date.UTC(year, month - 1, day));
}

/** ISO time → dd.MM.yyyy (SPEC §9), the London date. */
export function formatDate(iso: string): string {
  const { year, month, day } = londonTime(new Date(iso));
  return `${pad(day)}.${pad(month)}.${year}`;
}

/** ISO time → kk:mm (SPEC §9: hours 1-24, so midnight is 24:00), London time. */
export function formatTime(iso: string): string {
  const { hour, minute } = londonTime(new Date(iso));
  return `${pad(hour === 0 ? 24 : hour)}:${pad(minute)}`;
}

/** A calendar day (a Date at UTC midnight, as `londonDay` gives) → yyyy-MM-dd (SPEC §9). */
export function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
