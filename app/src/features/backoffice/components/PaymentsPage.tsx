import { useQuery } from "@tanstack/react-query";
import { formatDate, formatTime } from "../../../lib/format";
import { EmptyState } from "../../../ui/Notice";
import { cardRefundsQuery, returnedQuery, suspenseQuery, unmatchedQuery } from "../api";
import { schemeName } from "../schemes";
import { SuspenseItem } from "./SuspenseItem";
import { UnmatchedPayment } from "./UnmatchedPayment";

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

const REFUND_STATES: Record<string, string> = {
  queued: "Waiting for the acquirer",
  sent: "Asked, awaiting the outcome",
  refunded: "Refunded",
  failed: "Refused: back in suspense",
};

/** Operations' queues: suspense, returned transfers, payments that named no invoice. */
export function PaymentsPage() {
  const suspense = useQuery(suspenseQuery()).data?.items ?? [];
  const returned = useQuery(returnedQuery()).data?.transfers ?? [];
  const unmatched = useQuery(unmatchedQuery()).data?.payments ?? [];
  const refunds = useQuery(cardRefundsQuery()).data?.refunds ?? [];
  return (
    <section className="panel panel-wide" aria-labelledby="payments-title">
      <h1 id="payments-title">Payments</h1>
      <h2>Money in suspense</h2>
      <p>
        Money the bank could not credit as it came. Crediting it or sending it back takes two members of
        operations: you propose, another approves under Approvals.
      </p>
      {suspense.length === 0 ? (
        <EmptyState title="Suspense is empty">Payments naming no account appear here.</EmptyState>
      ) : (
        <ul className="back-office-list">
          {suspense.map((item) => (
            <SuspenseItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <h2>Refunds to cards</h2>
      <p>
        Second activation fees sent back through the card acquirer in the last 90 days. A refund the acquirer
        refuses comes back to suspense.
      </p>
      {refunds.length === 0 ? (
        <EmptyState title="No card refunds">A fee paid twice by card and sent back appears here.</EmptyState>
      ) : (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">Asked</th>
              <th scope="col">Payer</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td>{when(refund.askedAt)}</td>
                <td>
                  {refund.payer}
                  <br />
                  <span className="muted">Payment {refund.paymentId}</span>
                </td>
                <td>{refund.amount}</td>
                <td>
                  {REFUND_STATES[refund.status] ?? refund.status}
                  {refund.reason ? (
                    <>
                      <br />
                      <span className="muted">{refund.reason}</span>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Returned transfers</h2>
      <p>
        Transfers the payee's bank sent back in the last 90 days. The money and the fee are back with the
        payer.
      </p>
      {returned.length === 0 ? (
        <EmptyState title="No returned transfers">
          A transfer the payee's bank returns appears here.
        </EmptyState>
      ) : (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">Returned</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Amount</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {returned.map((transfer) => (
              <tr key={transfer.id}>
                <td>{when(transfer.returnedAt)}</td>
                <td>{transfer.profileName}</td>
                <td>
                  {transfer.payeeName}
                  <br />
                  <span className="muted">
                    {schemeName(transfer.scheme)} · sent {when(transfer.sentAt)}
                  </span>
                </td>
                <td>{transfer.amount}</td>
                <td>{transfer.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Payments that named no invoice</h2>
      <p>Money in on accounts waiting for an invoice to be paid, whose reference named none.</p>
      {unmatched.length === 0 ? (
        <EmptyState title="Nothing to match">Every payment found its invoice.</EmptyState>
      ) : (
        <ul className="back-office-list">
          {unmatched.map((payment) => (
            <UnmatchedPayment key={payment.transactionId} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}
