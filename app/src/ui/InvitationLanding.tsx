import { useQuery } from "@tanstack/react-query";
import { Link } from "../routing/Link";
import { invitationLinkQuery } from "../api/profiles";
import { useApp } from "../lib/appContext";
import { roleLabel } from "../lib/roles";

/** An emailed invitation link's page before login: what it offers (a place in a team, or a
 * corporate card) and the way in, by creating a login with the invited email. */
export function InvitationLanding({ token, title }: { token: string; title: string }) {
  const { site, layout } = useApp();
  const link = useQuery({ ...invitationLinkQuery(token), enabled: token !== "" }).data;
  const signUp = `${layout === "mobile" ? "/invite-onboarding/user" : "/onboarding/user"}?invite=${encodeURIComponent(token)}`;
  if (token && link && "problem" in link) {
    return (
      <section className="panel" aria-labelledby="invite-title">
        <h1 id="invite-title">{title}</h1>
        <p className="notice notice-error" role="alert">
          {link.problem}
        </p>
        <Link to="/login" className="button button-primary button-block">
          Log In
        </Link>
      </section>
    );
  }
  const invitation = link && "invitation" in link ? link.invitation : null;
  const offer = !invitation
    ? `A colleague has invited you to their ${site.tradingName} business account. Log in if you already bank with us, or create your login to join them.`
    : invitation.purpose === "card"
      ? `${invitation.profileName} is giving you a corporate card on ${site.tradingName}. Create your login with ${invitation.email} to accept it; we send the card once you have.`
      : `${invitation.profileName} invited you to join its team on ${site.tradingName} as ${
          invitation.role === "custom" && invitation.occupation
            ? invitation.occupation
            : roleLabel(invitation.role)
        }. Create your login with ${invitation.email} to join.`;
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h1 id="invite-title">{title}</h1>
      <p>{offer}</p>
      <div className="stack">
        <Link to={invitation ? signUp : "/onboarding/user"} className="button button-primary button-block">
          {invitation ? "Create your login" : "Sign Up"}
        </Link>
        <Link to="/login" className="button button-secondary button-block">
          Log In
        </Link>
      </div>
    </section>
  );
}
