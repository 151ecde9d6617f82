import { useParams } from "react-router";
import { InvitationLanding } from "../../../ui/InvitationLanding";

/** SPEC §2 invitation/{inviteKey}/card before login: the emailed link of a corporate card. */
export function CardInvitationPage() {
  const { inviteKey = "" } = useParams();
  return <InvitationLanding token={inviteKey} title="Your company card" />;
}
