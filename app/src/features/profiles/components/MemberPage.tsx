import { useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { useApp } from "../../../lib/appContext";
import { Redirect } from "../../../routing/Redirect";
import { teamQuery } from "../api";
import { MemberAccess } from "./MemberAccess";
import { memberRole, StatusBadge } from "./TeamSection";

/** SPEC §2 mobile account/users/{userId}/view: one member, and (for the owner) their access. */
export function MemberPage() {
  const { userId = "" } = useParams();
  const { session } = useApp();
  const navigate = useNavigate();
  const member = useSuspenseQuery(teamQuery()).data.results.find((m) => m.id === userId);
  if (!member) return <Redirect to="/account" />;
  return (
    <section className="panel" aria-labelledby="member-title">
      <h1 id="member-title">
        {member.name} {member.surname}
      </h1>
      <p>
        <StatusBadge status={member.status} /> {`${memberRole(member)} · ${member.email}`}
      </p>
      {session.accessRole === "admin" && !member.isMe && member.role !== "admin" ? (
        <MemberAccess member={member} onRemoved={() => navigate("/account")} />
      ) : null}
    </section>
  );
}
