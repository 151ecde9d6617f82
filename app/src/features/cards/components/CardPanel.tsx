import { useQueryClient } from "@tanstack/react-query";
import { Link } from "../../../routing/Link";
import { type Card, cardsApi, cardsQuery } from "../api";
import { isManageable } from "../model";
import { CardActivity } from "./CardActivity";
import { CardControls } from "./CardControls";
import { CardDetailsReveal } from "./CardDetailsReveal";
import { CardSummary } from "./CardSummary";
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
      <CardSummary
        card={card}
        hint={holder}
        activateTo={holder ? `/cards/activate?card=${encodeURIComponent(card.id)}` : null}
      />
      {isManageable(card.status) ? (
        <>
          <div className="card-actions">
            <FreezeToggle
              card={card}
              freeze={async (frozen) => {
                await cardsApi.freeze(card.id, frozen);
                await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
              }}
            />
            {holder ? <CardDetailsReveal card={card} /> : null}
          </div>
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
