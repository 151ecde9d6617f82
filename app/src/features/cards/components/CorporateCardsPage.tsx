import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { cardsQuery } from "../api";
import { CardPanel } from "./CardPanel";
import { CorporateCards } from "./CorporateCards";
import { CorporateInviteForm } from "./CorporateInviteForm";

/** SPEC §2 cards/corporate (mobile): the cards the company gave its employees. */
export function CorporateCardsPage() {
  const { data } = useSuspenseQuery(cardsQuery());
  return (
    <section className="cards" aria-labelledby="corporate-title">
      <div className="page-head">
        <h1 id="corporate-title">Corporate cards</h1>
      </div>
      <CorporateCards
        cards={data.results.filter((card) => card.isCorporate)}
        linkOf={(card) => `/cards/corporate/${encodeURIComponent(card.id)}/view`}
      />
      <div className="stack">
        <Link to="/cards/corporate/invite" className="button button-primary button-block">
          Give a card to an employee
        </Link>
        <Link to="/cards" className="button button-secondary button-block">
          My own cards
        </Link>
      </div>
    </section>
  );
}

/** SPEC §2 cards/corporate/invite (mobile). */
export function CorporateInvitePage() {
  const navigate = useNavigate();
  return (
    <section className="panel" aria-labelledby="corporate-invite">
      <h1 id="corporate-invite">Give a card to an employee</h1>
      <CorporateInviteForm heading={false} onDone={() => navigate("/cards/corporate")} />
      <Link to="/cards/corporate" className="button button-quiet">
        Back to corporate cards
      </Link>
    </section>
  );
}

/** SPEC §2 cards/corporate/{cardId}/view (mobile): one corporate card, managed by the owner. */
export function CorporateCardPage() {
  const { cardId = "" } = useParams();
  const { data } = useSuspenseQuery(cardsQuery());
  const card = data.results.find((item) => item.id === cardId && item.isCorporate);
  return (
    <section className="cards" aria-labelledby="corporate-card-title">
      <div className="page-head">
        <h1 id="corporate-card-title">Corporate card</h1>
      </div>
      {card ? (
        <CardPanel card={card} layout="mobile" holder={false} />
      ) : (
        <p className="notice notice-error" role="alert">
          This card is not one of the company's corporate cards.
        </p>
      )}
      <Link to="/cards/corporate" className="button button-quiet">
        Back to corporate cards
      </Link>
    </section>
  );
}
