import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useLocation, useNavigate, useParams } from "react-router";
import { parseQuery } from "../../../lib/url";
import { Redirect } from "../../../routing/Redirect";
import { corporateApi, type GivenCard, givenCardsQuery } from "../api";
import { isManageable } from "../model";
import { ActivationForm } from "./ActivationForm";
import { CardSummary } from "./CardSummary";
import { FreezeToggle } from "./FreezeToggle";

/** Where a card's pages live: under the emailed link's key, or the card's id when the person
 * came in another way (the card set answers any path with its card page). */
const base = (inviteKey: string | undefined, cardId: string) =>
  `/invitation/${encodeURIComponent(inviteKey ?? cardId)}/card`;

/** SPEC §2 card set: the corporate cards an employee was given, each with where it stands. */
export function GivenCardsPage() {
  const { inviteKey } = useParams();
  const { data } = useSuspenseQuery(givenCardsQuery());
  return (
    <section className="cards" aria-labelledby="given-title">
      <div className="page-head">
        <h1 id="given-title">Your company card</h1>
      </div>
      {data.results.length === 0 ? (
        <p>
          You hold no corporate card. If your company is giving you one, ask them to send the invitation
          again.
        </p>
      ) : (
        data.results.map((given) => (
          <GivenCardPanel key={given.card.id} given={given} inviteKey={inviteKey} />
        ))
      )}
    </section>
  );
}

function GivenCardPanel({ given, inviteKey }: { given: GivenCard; inviteKey: string | undefined }) {
  const client = useQueryClient();
  const { card } = given;
  return (
    <section className="panel panel-wide card-panel" aria-labelledby={`card-${card.id}`}>
      <CardSummary
        card={card}
        hint
        company={given.company}
        activateTo={`${base(inviteKey, card.id)}/activate?card=${encodeURIComponent(card.id)}`}
      />
      {isManageable(card.status) ? (
        <FreezeToggle
          card={card}
          freeze={async (frozen) => {
            await corporateApi.freeze(card.id, frozen);
            await client.invalidateQueries({ queryKey: givenCardsQuery().queryKey });
          }}
        />
      ) : null}
    </section>
  );
}

/** SPEC §2 invitation/{inviteKey}/card/activate: the employee activates the delivered card. */
export function GivenCardActivatePage() {
  const { inviteKey } = useParams();
  const query = parseQuery(useLocation().search);
  const { data } = useSuspenseQuery(givenCardsQuery());
  const client = useQueryClient();
  const navigate = useNavigate();
  const waiting = data.results.filter((given) => given.card.status === "activation_pending");
  const card = (waiting.find((given) => given.card.id === query.card) ?? waiting[0])?.card;
  if (!card) return <Redirect to={`/invitation/${encodeURIComponent(inviteKey ?? "card")}/card`} />;
  return (
    <section className="panel" aria-labelledby="activate-title">
      <h1 id="activate-title">Activate your card</h1>
      <ActivationForm
        card={card}
        activate={(lastDigits, pin) => corporateApi.activate(card.id, lastDigits, pin)}
        onDone={async () => {
          await client.invalidateQueries({ queryKey: givenCardsQuery().queryKey });
          navigate(base(inviteKey, card.id));
        }}
      />
    </section>
  );
}
