/** A name's initials: the first letters of its first two words that start with a letter
 * ("Sable Accountancy Ltd" → "SA"), for avatars and the profile block. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}
