/** The country a currency belongs to, for its flag (the euro has the EU's). */
const CURRENCY_FLAGS: Record<string, string> = { GBP: "GB", EUR: "EU", USD: "US", CHF: "CH", ALL: "AL" };

/** A country's flag (ISO 3166 alpha-2), or a currency's: an SVG image, never an emoji flag
 * (which most desktop systems draw as two letters). Decorative: the name is written beside it. */
export function Flag({ country, currency }: { country?: string; currency?: string }) {
  const code = (country ?? CURRENCY_FLAGS[currency ?? ""] ?? "").toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  return (
    <img className="flag" src={`${__FLAGS__}/${code}.svg`} alt="" width={21} height={14} loading="lazy" />
  );
}
