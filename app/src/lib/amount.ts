// SPEC §5 amount input: digits and one decimal point, leading zeros stripped, 2 decimals by
// default, thousands separators shown. The value travels as a decimal string (the server parses
// it exactly into minor units): never as a floating-point number.

/** What the person typed, as the canonical decimal string ("1234.5"); separators dropped. */
export function normalizeAmount(typed: string, decimals = 2): string {
  let seenPoint = false;
  let text = "";
  for (const char of typed) {
    if (char >= "0" && char <= "9") text += char;
    else if (char === "." && !seenPoint && decimals > 0) {
      seenPoint = true;
      text += ".";
    }
  }
  let [whole = "", fraction] = text.split(".");
  whole = whole.replace(/^0+(?=\d)/, "");
  if (seenPoint && whole === "") whole = "0";
  if (fraction === undefined) return whole;
  return `${whole}.${fraction.slice(0, decimals)}`;
}

/** The canonical string with en-GB thousands separators, as the input shows it. */
export function displayAmount(value: string): string {
  const [whole = "", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A complete amount above zero, as the server will accept it. */
export function isPositiveAmount(value: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(value) && /[1-9]/.test(value);
}

/**
 * SPEC §4: after a transfer the transaction list is refreshed repeatedly; the n-th refresh
 * waits 15/n seconds, and 5 seconds once the counter is above 3.
 */
export function resetDelayMs(counter: number): number {
  if (counter > 3) return 5000;
  return Math.round(15000 / Math.max(1, counter));
}
