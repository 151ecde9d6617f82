import { useQuery } from "@tanstack/react-query";
import { formatDate, formatMoney, formatSigned } from "../../../lib/format";
import { type Card, cardTransactionsQuery, holdsQuery } from "../api";

/** A card's pending holds (SPEC §3 Card authorization hold, 20 at a time) and its booked
 * transactions (SPEC §7 cardId filter). */
export function CardActivity({ card }: { card: Card }) {
  const holds = useQuery(holdsQuery(card.id)).data?.results ?? [];
  // A pending payment is listed once, as its hold.
  const held = new Set(holds.map((hold) => hold.transactionId));
  const booked = (useQuery(cardTransactionsQuery(card.id)).data?.results ?? []).filter(
    (txn) => !held.has(txn.id),
  );
  return (
    <section className="card-activity" aria-labelledby={`activity-${card.id}`}>
      <h2 id={`activity-${card.id}`}>Card transactions</h2>
      {holds.length > 0 ? (
        <>
          <h3>Pending</h3>
          <ul className="team-list" aria-label="Pending card payments">
            {holds.map((hold) => (
              <li key={hold.id} className="team-member">
                <span className="team-member-name">{hold.acceptor.name}</span>
                <span>{`-${formatMoney(Number(hold.amount), hold.currency)}`}</span>
                <span className="team-member-role">{`Pending · ${formatDate(hold.createdAt)}`}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {booked.length > 0 ? (
        <ul className="team-list" aria-label="Booked card payments">
          {booked.map((txn) => (
            <li key={txn.id} className="team-member">
              <span className="team-member-name">{txn.acceptor?.name ?? txn.details}</span>
              <span>{formatSigned(txn.amountTotal, txn.currency)}</span>
              <span className="team-member-role">{`${txnLabel(txn.status)} · ${formatDate(txn.createdAt)}`}</span>
            </li>
          ))}
        </ul>
      ) : holds.length === 0 ? (
        <p>No card payments yet.</p>
      ) : null}
    </section>
  );
}

function txnLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
