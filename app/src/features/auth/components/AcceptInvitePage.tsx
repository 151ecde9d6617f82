import { useLocation } from "react-router";
import { parseQuery } from "../../../lib/url";
import { InvitationLanding } from "../../../ui/InvitationLanding";

/** accept-invite?token=: what the link is for, and the way in (SPEC §2, §4). */
export function AcceptInvitePage() {
  const token = parseQuery(useLocation().search).token ?? "";
  return <InvitationLanding token={token} title="Accept your invitation" />;
}
