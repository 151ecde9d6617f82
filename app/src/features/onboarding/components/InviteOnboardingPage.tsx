import { Link, useLocation } from "react-router";
import { parseQuery } from "../../../lib/url";
import { RegistrationPage } from "./RegistrationPage";

/** SPEC §2 mobile invite-onboarding/user: from an invitation link, the registration with the
 * invited email; without one, how to start. */
export function InviteOnboardingPage() {
  const invite = parseQuery(useLocation().search).invite;
  if (invite) return <RegistrationPage />;
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
