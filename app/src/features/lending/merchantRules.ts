// SPEC §5 for the merchant form, as the server checks it (domain/lending/merchant.rs): each
// region's share of card sales 1 to 100, the shares adding up to 100.
import type { MerchantForm } from "./merchantApi";

export const REGIONS = [
  ["uk", "United Kingdom"],
  ["eea", "European Economic Area"],
  ["us", "United States"],
  ["restOfWorld", "Rest of the world"],
] as const;
export type Region = (typeof REGIONS)[number][0];

export const PERCENT = "The value must be between 1 and 100";
export const NOT_100 = "The shares must add up to 100";

/** The typed shares ("" for a region left out) as the API takes them. */
export function ratioOf(shares: Record<Region, string>): MerchantForm["potentialGeographyPercentRatio"] {
  const read = (text: string) => (text.trim() === "" ? null : Number(text));
  return {
    uk: read(shares.uk),
    eea: read(shares.eea),
    us: read(shares.us),
    restOfWorld: read(shares.restOfWorld),
  };
}

/** Each share's problem by its field name, and the total's. */
export function shareErrors(shares: Record<Region, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  let total = 0;
  let given = 0;
  for (const [region] of REGIONS) {
    const text = shares[region].trim();
    if (text === "") continue;
    given += 1;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > 100)
      errors[`potentialGeographyPercentRatio.${region}`] = PERCENT;
    else total += value;
  }
  if (given === 0) errors.potentialGeographyPercentRatio = "Field is required";
  else if (Object.keys(errors).length === 0 && total !== 100) errors.potentialGeographyPercentRatio = NOT_100;
  return errors;
}
