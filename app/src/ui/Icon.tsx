// The kit's icons: 24-pixel outline drawings in one stroke, coloured by the text around them
// (currentColor; the stroke is set in assets/css/shell.css). Drawn here rather than taken from an
// icon package so a page carries only the dozen paths the bank uses, inline, with no extra request.
const PATHS = {
  home: "M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10",
  recipients:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21c0-3.9 3.1-7 7-7s7 3.1 7 7M16 3.5a4 4 0 0 1 0 7.5M18 14c2.4.8 4 3.5 4 7",
  send: "M4 12h14M13 6l6 6-6 6",
  exchange: "M4 8h14l-4-4M20 16H6l4 4",
  bank: "M3 9 12 4l9 5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18",
  statement: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6",
  invoice: "M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3",
  proof: "M12 3l7 3v5c0 4.5-3 8.4-7 10-4-1.6-7-5.5-7-10V6zM9 12l2 2 4-4",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21c0-4.4 3.6-8 8-8s8 3.6 8 8",
  team: "M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2 20c0-3.3 2.7-6 6-6s6 2.7 6 6M14.5 14.2c.5-.1 1-.2 1.5-.2 3.3 0 6 2.7 6 6",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10",
  chevron: "M9 6l6 6-6 6",
  plus: "M12 5v14M5 12h14",
  check: "M5 12.5 10 17l9-10",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  up: "M12 19V5M6 11l6-6 6 6",
  loan: "M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3ZM4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6",
} as const;

export type IconName = keyof typeof PATHS;

export const ICON_NAMES = Object.keys(PATHS) as IconName[];

/** A decorative icon: the control or text beside it says what it means. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    // The stroke's look is the stylesheet's (.icon): a list of fifty transactions draws an
    // icon each, and five attributes fewer on each is a seventh of the dashboard's markup.
    <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}

// Flags live here with the icons: both are small pictures most screens show, and one module
// is one chunk of the first load rather than two.

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
