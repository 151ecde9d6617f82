import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { useApp } from "../../../lib/appContext";
import { Redirect } from "../../../routing/Redirect";
import { teamQuery } from "../api";
import { InvitationActions } from "./InvitationActions";
import { memberRole, StatusBadge } from "./TeamSection";

/** SPEC §2 mobile account/users/invitation/{invitationId}/view. */
export function InvitationPage() {
  const { invitationId = "" } = useParams();
  const { session } = useApp();
  const navigate = useNavigate();
  const invited = useSuspenseQuery(teamQuery()).data.results.find(
    (m) => m.kind === "invitation" && m.id === invitationId,
  );
  if (!invited) return <Redirect to="/account" />;
  return (
    <section className="panel" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{`${invited.name} ${invited.surname}`.trim()}</h1>
      <p>
        <StatusBadge status={invited.status} /> {`${memberRole(invited)} · ${invited.email}`}
      </p>
      {session.accessRole === "admin" && invited.status !== "invitation_declined" ? (
        <InvitationActions id={invited.id} onRevoked={() => navigate("/account")} />
      ) : null}
    </section>
  );
}
