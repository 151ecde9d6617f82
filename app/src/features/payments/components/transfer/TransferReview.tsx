import type { ReactNode } from "react";

export interface ReviewRow {
  term: string;
  value: ReactNode;
  /** The total: what leaves the account, set apart. */
  strong?: boolean;
}

/** Everything the payer agrees to, one row each (issue 28 point 5): the same on the review
 * step and on the plain-form approval page. */
export function TransferReview({ rows }: { rows: ReviewRow[] }) {
  return (
    <dl className="details review">
      {rows.map(({ term, value, strong }) => (
        <div className={strong ? "details-row review-total" : "details-row"} key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
