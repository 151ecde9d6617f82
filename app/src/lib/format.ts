// SPEC §9 formats, written by hand rather than with Intl: the same text must come out of the
// server's isolate and the browser (or hydration breaks), and Intl objects cannot live in the
// isolate's startup snapshot. Times are shown in UTC for the same reason.

const SYMBOLS: Record<string, string> = { EUR: "€", GBP: "£", USD: "$", CHF: "₣" };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? `${currency} `;
}

/** 1234.5 → "1,234.50"; amounts always with two decimals (SPEC §9). */
export function formatNumber(amount: number): string {
  const [whole, cents] = Math.abs(amount).toFixed(2).split(".");
  const grouped = (whole ?? "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${grouped}.${cents ?? "00"}`;
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

/** ISO time → dd.MM.yyyy (SPEC §9). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

/** ISO time → kk:mm (SPEC §9: hours 1-24, so midnight is 24:00). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  const hours = date.getUTCHours() === 0 ? 24 : date.getUTCHours();
  return `${pad(hours)}:${pad(date.getUTCMinutes())}`;
}

/** A Date → yyyy-MM-dd (SPEC §9), in UTC. */
export function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}
