import { formatMoney } from "../../../lib/format";
import { printedDay } from "../../../lib/printedDay";
import { StatusChip } from "../../../ui/StatusChip";
import type { LoanApplication, Shared } from "../api";
import { printedMonth, statusText, toneOf } from "../model";

const gbp = (amount: number) => formatMoney(amount, "GBP");

/** A loan, mortgage or factoring application as the lender has it (SPEC §4 Loan states): the
 * state, what was asked and offered, the money paid in, the way back to the lender, and what
 * was shared with it. */
export function LoanStatus({ application }: { application: LoanApplication }) {
  return (
    <article className="loan-status" aria-labelledby="loan-status-title">
      <div className="loan-status-head">
        <h2 id="loan-status-title">Your application for {gbp(application.amount)}</h2>
        <StatusChip tone={toneOf(application.status)}>{application.statusLabel}</StatusChip>
      </div>
      <p>{statusText(application)}</p>
      <dl className="details">
        {application.termMonths > 0 ? (
          <>
            <dt>Term</dt>
            <dd>{application.termMonths} months</dd>
          </>
        ) : null}
        <dt>Purpose</dt>
        <dd>{application.purpose}</dd>
        <dt>Applied</dt>
        <dd>{printedDay(application.appliedOn)}</dd>
        {application.offeredAmount !== null ? (
          <>
            <dt>Offer</dt>
            <dd>{gbp(application.offeredAmount)}</dd>
          </>
        ) : null}
        {application.paidAmount !== null ? (
          <>
            <dt>Paid in</dt>
            <dd>
              {gbp(application.paidAmount)}{" "}
              {application.paidTransactionId ? (
                <a href={`/dashboard?txn=${application.paidTransactionId}`}>See the payment</a>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      {application.redirectUri ? (
        <a className="button button-primary" href={application.redirectUri}>
          Continue with the lender
        </a>
      ) : null}
      {application.shared ? <SharedList shared={application.shared} /> : null}
    </article>
  );
}

/** Issue 30 point 7: what went to the lender with the person's agreement. */
function SharedList({ shared }: { shared: Shared }) {
  const months = shared.turnover;
  const first = months[0];
  const last = months[months.length - 1];
  return (
    <details className="loan-shared">
      <summary>What we shared with the lender</summary>
      <ul>
        <li>
          {shared.company.name}
          {shared.company.number ? `, company number ${shared.company.number}` : ""}
          {shared.company.registeredOffice ? `, ${shared.company.registeredOffice}` : ""}
        </li>
        {shared.directors.length > 0 ? <li>Directors: {shared.directors.join(", ")}</li> : null}
        {first && last ? (
          <li>
            Money in by month, {printedMonth(first.month)} to {printedMonth(last.month)}
          </li>
        ) : null}
      </ul>
    </details>
  );
}
