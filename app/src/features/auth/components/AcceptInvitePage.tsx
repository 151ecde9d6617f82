import { Link } from "react-router";
import { useApp } from "../../../lib/appContext";

export function AcceptInvitePage() {
  const { site } = useApp();
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h1 id="invite-title">Accept your invitation</h1>
      <p>
        A colleague has invited you to their {site.tradingName} business account. Log in if you already bank
        with us, or create your login to join them.
      </p>
      <div className="stack">
        <Link to="/login" className="button button-primary button-block">
          Log In
        </Link>
        <Link to="/onboarding/user" className="button button-secondary button-block">
          Sign Up
        </Link>
      </div>
    </section>
  );
}
