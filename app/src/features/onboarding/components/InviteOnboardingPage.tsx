import { Link } from "react-router";

export function InviteOnboardingPage() {
  return (
    <section className="panel" aria-labelledby="invitee-title">
      <h1 id="invitee-title">Join your team</h1>
      <p>
        Open the invitation link from your email on this phone, then log in or create your login to continue.
      </p>
      <div className="stack">
        <Link to="/login" className="button button-primary button-block">
          Log In
        </Link>
        <Link to="/accept-invite" className="button button-secondary button-block">
          About invitations
        </Link>
      </div>
    </section>
  );
}
