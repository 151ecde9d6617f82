import { StatusChip } from "../../../ui/StatusChip";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { useApp } from "../../../lib/appContext";
import { CORPORATE_CARDS, meets } from "../../../lib/rights";
import { parseQuery } from "../../../lib/url";
import { useAccessFacts } from "../../../lib/useAccessFacts";
import { featuresQuery, isOn } from "../../../api/features";
import { type Card, cardsQuery } from "../api";
import { isHolder, mayOrder, nextLookIn, pageCard, PERKS, STATUS_LABELS, STATUS_TONES } from "../model";
import { CardPanel } from "./CardPanel";
import { CardReferral } from "./CardReferral";
import { CorporateCards } from "./CorporateCards";
import { OrderCard } from "./OrderCard";

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
  const { layout, session } = useApp();
  const facts = useAccessFacts();
  const query = parseQuery(useLocation().search);
  // A card on its way moves on without the holder: the page asks again when its next step is due.
  const { data } = useSuspenseQuery({
    ...cardsQuery(),
    refetchInterval: (query) => nextLookIn(query.state.data?.results ?? [], Date.now()),
  });
  // An Account Owner sees the company's corporate cards apart from their own.
  const owner = session.accessRole === "admin";
  const own = owner ? data.results.filter((item) => !item.isCorporate) : data.results;
  const corporate = owner ? data.results.filter((item) => item.isCorporate) : [];
  const card = pageCard(data.results, query.card, session.accessRole);
  const givesCards = meets(CORPORATE_CARDS, facts);
  return (
    <section className="cards" aria-labelledby="cards-title">
      <div className="page-head">
        <h1 id="cards-title">My Cards</h1>
      </div>
      {/* One card needs no chooser: its picture is on the panel below. */}
      {own.length > 1 || (own.length === 1 && card?.id !== own[0]?.id) ? (
        <ul className="card-list" aria-label="Your cards">
          {own.map((item) => (
            <li key={item.id}>
              <Link
                to={`/cards?card=${encodeURIComponent(item.id)}`}
                className={item.id === card?.id ? "card-tile card-tile-selected" : "card-tile"}
                aria-current={item.id === card?.id ? "true" : undefined}
              >
                <span className="card-tile-pan">{item.panMasked}</span>
                <span className="card-tile-holder">{item.holderName}</span>
                <StatusChip tone={STATUS_TONES[item.status]} className="card-status">
                  {STATUS_LABELS[item.status]}
                </StatusChip>
              </Link>
            </li>
          ))}
        </ul>
      ) : own.length === 0 ? (
        <p>You have no cards yet.</p>
      ) : null}
      {card ? <CardPanel card={card} layout={layout} holder={isHolder(card, session.accessRole)} /> : null}
      {mayOrder(data.orderCondition) ? <OrderCard /> : null}
      {givesCards && layout === "desktop" ? <CorporateSection cards={corporate} /> : null}
      {givesCards && layout === "mobile" ? (
        <p>
          <Link to="/cards/corporate" className="button button-secondary button-block">
            Corporate cards
          </Link>
        </p>
      ) : null}
      {layout === "desktop" ? (
        <>
          <Perks />
          <CardReferral />
        </>
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

// Opened by a click, so the cards page's first load does without it.
const CorporateInviteForm = lazy(() =>
  import("./CorporateInviteForm").then((m) => ({ default: m.CorporateInviteForm })),
);

/** Desktop: the company's corporate cards on the cards page, and giving one to an employee. */
function CorporateSection({ cards }: { cards: Card[] }) {
  const [inviting, setInviting] = useState(false);
  return (
    <section className="panel panel-wide" aria-labelledby="corporate-title">
      <h2 id="corporate-title">Corporate cards</h2>
      <CorporateCards cards={cards} linkOf={(card) => `/cards?card=${encodeURIComponent(card.id)}`} />
      {inviting ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <CorporateInviteForm />
        </Suspense>
      ) : (
        <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
          Give a card to an employee
        </button>
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
