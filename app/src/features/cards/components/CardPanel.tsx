import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { type Card, cardsApi, cardsQuery } from "../api";
import { isManageable, STATUS_LABELS } from "../model";
import { CardActivity } from "./CardActivity";
import { CardControls } from "./CardControls";
import { CardDetailsReveal } from "./CardDetailsReveal";
import { CloseCard } from "./CloseCard";
import { FreezeToggle } from "./FreezeToggle";

/** A card's page: status, controls and limits, freezing, closing and its payments. Only the
 * holder activates a card and sees its details; an Account Owner manages the company's
 * corporate cards with the rest. */
export function CardPanel({
  card,
  layout,
  holder,
}: {
  card: Card;
  layout: "desktop" | "mobile";
  holder: boolean;
}) {
  const client = useQueryClient();
  return (
    <section className="panel panel-wide card-panel" aria-labelledby={`card-${card.id}`}>
      <h2 id={`card-${card.id}`}>{`Card ${card.panMasked}`}</h2>
      <p>
        <span className={`card-status card-status-${card.status}`}>{STATUS_LABELS[card.status]}</span>{" "}
        {holder ? card.statusHint : null}
      </p>
      <dl className="details">
        <dt>Name on card</dt>
        <dd>{card.holderName}</dd>
        <dt>Expires</dt>
        <dd>{card.expiry}</dd>
        <dt>Sent to</dt>
        <dd>{card.shippingAddress}</dd>
      </dl>
      {card.status === "activation_pending" && holder ? (
        <Link to={`/cards/activate?card=${encodeURIComponent(card.id)}`} className="button button-primary">
          Activate card
        </Link>
      ) : null}
      {isManageable(card.status) ? (
        <>
          <FreezeToggle
            card={card}
            freeze={async (frozen) => {
              await cardsApi.freeze(card.id, frozen);
              await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
            }}
          />
          {holder ? <CardDetailsReveal card={card} /> : null}
          <CardControls card={card} />
          <CloseCard card={card} />
        </>
      ) : null}
      {card.status === "draft" ? null : layout === "desktop" ? (
        <CardActivity card={card} />
      ) : (
        <Link to={`/cards/transactions?card=${encodeURIComponent(card.id)}`} className="button button-quiet">
          Card transactions
        </Link>
      )}
    </section>
  );
}
