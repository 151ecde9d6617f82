import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { useApp } from "../../../lib/appContext";
import { parseQuery } from "../../../lib/url";
import { invitationLinkQuery } from "../../profiles/api";
import { roleLabel } from "../../profiles/roles";

/** accept-invite?token=: what the link is for, and the way in (SPEC §2, §4). */
export function AcceptInvitePage() {
  const { site, layout } = useApp();
  const token = parseQuery(useLocation().search).token ?? "";
  const link = useQuery({ ...invitationLinkQuery(token), enabled: token !== "" }).data;
  const signUp = `${layout === "mobile" ? "/invite-onboarding/user" : "/onboarding/user"}?invite=${encodeURIComponent(token)}`;
  if (token && link && "problem" in link) {
    return (
      <section className="panel" aria-labelledby="invite-title">
        <h1 id="invite-title">Accept your invitation</h1>
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
  const position = invitation
    ? invitation.role === "custom" && invitation.occupation
      ? invitation.occupation
      : roleLabel(invitation.role)
    : null;
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h1 id="invite-title">Accept your invitation</h1>
      <p>
        {invitation
          ? `${invitation.profileName} invited you to join its team on ${site.tradingName} as ${position}. Create your login with ${invitation.email} to join.`
          : `A colleague has invited you to their ${site.tradingName} business account. Log in if you already bank with us, or create your login to join them.`}
      </p>
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
