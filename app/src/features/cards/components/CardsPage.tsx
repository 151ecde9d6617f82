import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useApp } from "../../../lib/appContext";
import { parseQuery } from "../../../lib/url";
import { featuresQuery, isOn } from "../../engagement/api";
import { type Card, cardsApi, cardsQuery } from "../api";
import { chooseCard, isManageable, mayOrder, PERKS, STATUS_LABELS } from "../model";
import { CardActivity } from "./CardActivity";
import { CardControls } from "./CardControls";
import { CardDetailsReveal } from "./CardDetailsReveal";
import { CloseCard } from "./CloseCard";
import { OrderCard } from "./OrderCard";
import { problemOf } from "./SmsApproval";

/** SPEC §2 cards: the member's cards with their status, the chosen card's page, and ordering.
 * Cards need a UK primary account; euro customers see that cards are coming when the
 * euCardComingSoon flag is on. */
export function CardsPage() {
  const { session } = useApp();
  const features = useQuery(featuresQuery()).data;
  if (session.primaryCurrency !== "GBP") {
    return (
      <section className="panel" aria-labelledby="cards-title">
        <h1 id="cards-title">My Cards</h1>
        <p>
          {isOn(features, "euCardComingSoon")
            ? "Cards for euro accounts are coming soon. We will let you know when you can order yours."
            : "Cards are available to customers whose main account is in pounds."}
        </p>
      </section>
    );
  }
  return <Cards />;
}

function Cards() {
  const { layout } = useApp();
  const query = parseQuery(useLocation().search);
  const { data } = useSuspenseQuery(cardsQuery());
  const card = chooseCard(data.results, query.card);
  return (
    <section className="cards" aria-labelledby="cards-title">
      <div className="page-head">
        <h1 id="cards-title">My Cards</h1>
      </div>
      {data.results.length > 0 ? (
        <ul className="card-list" aria-label="Your cards">
          {data.results.map((item) => (
            <li key={item.id}>
              <Link
                to={`/cards?card=${encodeURIComponent(item.id)}`}
                className={item.id === card?.id ? "card-tile card-tile-selected" : "card-tile"}
                aria-current={item.id === card?.id ? "true" : undefined}
              >
                <span className="card-tile-pan">{item.panMasked}</span>
                <span className="card-tile-holder">{item.holderName}</span>
                <span className={`card-status card-status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>You have no cards yet.</p>
      )}
      {card ? <CardPanel card={card} layout={layout} /> : null}
      {mayOrder(data.orderCondition) ? <OrderCard /> : null}
      {layout === "desktop" ? (
        <Perks />
      ) : (
        <p>
          <Link to="/cards/benefits" className="button button-secondary button-block">
            Card perks
          </Link>
        </p>
      )}
    </section>
  );
}

function CardPanel({ card, layout }: { card: Card; layout: "desktop" | "mobile" }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const freeze = async (frozen: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await cardsApi.freeze(card.id, frozen);
      await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
    } catch (caught) {
      setError(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel panel-wide card-panel" aria-labelledby={`card-${card.id}`}>
      <h2 id={`card-${card.id}`}>{`Card ${card.panMasked}`}</h2>
      <p>
        <span className={`card-status card-status-${card.status}`}>{STATUS_LABELS[card.status]}</span>{" "}
        {card.statusHint}
      </p>
      <dl className="details">
        <dt>Name on card</dt>
        <dd>{card.holderName}</dd>
        <dt>Expires</dt>
        <dd>{card.expiry}</dd>
        <dt>Sent to</dt>
        <dd>{card.shippingAddress}</dd>
      </dl>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {card.status === "activation_pending" ? (
        <Link to={`/cards/activate?card=${encodeURIComponent(card.id)}`} className="button button-primary">
          Activate card
        </Link>
      ) : null}
      {isManageable(card.status) ? (
        <>
          <div className="form-actions">
            {card.status === "active" ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void freeze(true)}
              >
                Freeze card
              </button>
            ) : (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => void freeze(false)}
              >
                Unfreeze card
              </button>
            )}
          </div>
          <CardDetailsReveal card={card} />
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

function Perks() {
  return (
    <section className="panel panel-wide" aria-labelledby="perks-title">
      <h2 id="perks-title">Card perks</h2>
      <ul className="perk-list">
        {PERKS.map((perk) => (
          <li key={perk.path}>
            <strong>{perk.title}</strong>
            <span>{perk.summary}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
