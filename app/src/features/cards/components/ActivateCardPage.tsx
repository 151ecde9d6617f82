import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { parseQuery } from "../../../lib/url";
import { Redirect } from "../../../routing/Redirect";
import { cardsApi, cardsQuery } from "../api";
import { ActivationForm } from "./ActivationForm";

/** SPEC §2 cards/activate: a delivered card, with the last four digits printed on it and a PIN. */
export function ActivateCardPage() {
  const query = parseQuery(useLocation().search);
  const { data } = useSuspenseQuery(cardsQuery());
  const card =
    data.results.find((c) => c.id === query.card && c.status === "activation_pending") ??
    data.results.find((c) => c.status === "activation_pending");
  const client = useQueryClient();
  const navigate = useNavigate();
  if (!card) return <Redirect to="/cards" />;
  return (
    <section className="panel" aria-labelledby="activate-title">
      <h1 id="activate-title">Activate your card</h1>
      <ActivationForm
        card={card}
        activate={(lastDigits, pin) => cardsApi.activate(card.id, lastDigits, pin)}
        onDone={async () => {
          await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
          navigate(`/cards?card=${encodeURIComponent(card.id)}`);
        }}
      />
    </section>
  );
}
