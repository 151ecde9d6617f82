// The schemes money comes and goes by, as operations read them.

const SCHEMES: Record<string, string> = {
  local: "UK local transfer",
  sepa: "SEPA",
  swift: "SWIFT",
  card_acquiring: "card",
};

/** The scheme a payment came or went by, in words. */
export const schemeName = (scheme: string) => SCHEMES[scheme] ?? scheme;
