import { Link, useParams } from "react-router";

export function CardInvitationPage() {
  const { inviteKey = "" } = useParams();
  return (
    <section className="panel" aria-labelledby="card-invite-title">
      <h1 id="card-invite-title">Your company card</h1>
      <p>Your employer has invited you to hold a corporate card on their business account.</p>
      <p className="reference">
        Invitation reference: <strong>{inviteKey}</strong>
      </p>
      <div className="stack">
        <Link
          to={`/invitation/${encodeURIComponent(inviteKey)}/card/activate`}
          className="button button-primary button-block"
        >
          Activate card
        </Link>
      </div>
    </section>
  );
}
