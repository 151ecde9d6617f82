import { Link } from "../../../routing/Link";
import { StatusChip } from "../../../ui/StatusChip";
import type { Card } from "../api";
import { deliveryStage, STATUS_LABELS, STATUS_TONES } from "../model";
import { CardPicture } from "./CardPicture";
import { DeliveryTracker } from "./DeliveryTracker";

/** A card's picture, heading, status and facts; while it travels, where it is; and the way to
 * activate it when it waits for that (`activateTo`, only for its holder). */
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
  const travelling = deliveryStage(card.status) !== null;
  return (
    <div className="card-head">
      <CardPicture card={card} />
      <div className="card-facts">
        <h2 id={`card-${card.id}`}>{`Card ending ${card.panMasked.slice(-4)}`}</h2>
        <p>
          <StatusChip tone={STATUS_TONES[card.status]} className="card-status">
            {STATUS_LABELS[card.status]}
          </StatusChip>{" "}
          {hint && !travelling ? card.statusHint : null}
        </p>
        {travelling ? <DeliveryTracker card={card} /> : null}
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
      </div>
    </div>
  );
}
