import { formatCount } from "../../lib/format";

/** The line above the transactions: how many match, or, past the first thousand a search
 * counts, that there are more than that. */
export const countLabel = (total: number, capped: boolean): string =>
  `${capped ? "More than " : ""}${formatCount(total)} transaction${total === 1 && !capped ? "" : "s"}`;
