/**
 * SPEC §4: the profile dropdown opens by itself when the profile count exceeds the count first
 * loaded. Answers whether it should open now, given the first count seen and the current one.
 */
export function opensBecauseItGrew(firstCount: number | null, count: number): boolean {
  return firstCount !== null && count > firstCount;
}
