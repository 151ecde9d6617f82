import { Link } from "react-router";
import type { Card } from "../api";
import { STATUS_LABELS } from "../model";

/** A card's heading, status and facts, and the way to activate it when it waits for that
 * (`activateTo`, only for its holder). */
export function CardSummary({
  card,
  hint,
  company,
  activateTo,
}: {
  card: Card;
  hint: boolean;
  company?: string;
  activateTo: string | null;
}) {
  return (
    <>
      <h2 id={`card-${card.id}`}>{`Card ${card.panMasked}`}</h2>
      <p>
        <span className={`card-status card-status-${card.status}`}>{STATUS_LABELS[card.status]}</span>{" "}
        {hint ? card.statusHint : null}
      </p>
      <dl className="details">
        {company ? (
          <>
            <dt>Company</dt>
            <dd>{company}</dd>
          </>
        ) : null}
        <dt>Name on card</dt>
        <dd>{card.holderName}</dd>
        <dt>Expires</dt>
        <dd>{card.expiry}</dd>
        <dt>Sent to</dt>
        <dd>{card.shippingAddress}</dd>
      </dl>
      {card.status === "activation_pending" && activateTo ? (
        <Link to={activateTo} className="button button-primary">
          Activate card
        </Link>
      ) : null}
    </>
  );
}
