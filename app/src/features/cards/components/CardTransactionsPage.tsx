import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { parseQuery } from "../../../lib/url";
import { cardsQuery } from "../api";
import { chooseCard } from "../model";
import { CardActivity } from "./CardActivity";

/** SPEC §2 mobile cards/transactions: one card's holds and payments. */
export function CardTransactionsPage() {
  const query = parseQuery(useLocation().search);
  const { data } = useSuspenseQuery(cardsQuery());
  const card = chooseCard(data.results, query.card);
  return (
    <section className="panel" aria-labelledby="card-txns-title">
      <h1 id="card-txns-title">{card ? `Card ${card.panMasked}` : "Card transactions"}</h1>
      {card ? <CardActivity card={card} /> : <p>You have no cards yet.</p>}
      <Link
        to={card ? `/cards?card=${encodeURIComponent(card.id)}` : "/cards"}
        className="button button-quiet"
      >
        Back to cards
      </Link>
    </section>
  );
}
