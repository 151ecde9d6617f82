import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { useApp } from "../../../lib/appContext";
import { loadsAccounts } from "../../../lib/rights";
import { STATUS_LABELS, statusTone } from "../access";
import { type TeamMember, teamQuery } from "../api";
import { roleLabel } from "../../../lib/roles";
import { featuresQuery, isOn } from "../../../api/features";
import { InvitationActions } from "./InvitationActions";
import { InviteForm } from "./InviteForm";
import { MemberAccess } from "./MemberAccess";

export const memberRole = (member: TeamMember) =>
  member.role === "custom" && member.occupation ? member.occupation : roleLabel(member.role);

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`member-status member-status-${statusTone(status)}`}>
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}

/** A business profile's team (SPEC §2 Team users): desktop on client/details, mobile on account. */
export function TeamSection() {
  const { session } = useApp();
  if (!session.isBusiness || !loadsAccounts(session)) return null;
  return <Team />;
}

function Team() {
  const { layout, session } = useApp();
  const members = useSuspenseQuery(teamQuery()).data.results;
  const owner = session.accessRole === "admin";
  // SPEC §1: invitations only while the userInvite flag is on (the server refuses otherwise).
  const features = useQuery(featuresQuery()).data;
  const invites = owner && isOn(features, "userInvite");
  const [open, setOpen] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  // The menu's Team entry leads here (#team): the section comes into view once it has rendered.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === "#team") section.current?.scrollIntoView({ block: "start" });
  }, [hash]);
  const mobileLink = (member: TeamMember) =>
    member.kind === "invitation"
      ? `/account/users/invitation/${member.id}/view`
      : `/account/users/${member.id}/view`;
  return (
    <section id="team" ref={section} className="panel panel-wide team" aria-labelledby="team-title">
      <h2 id="team-title">Team</h2>
      {invites ? (
        layout === "mobile" ? (
          <Link to="/account/users/invite" className="button button-primary">
            Invite a team member
          </Link>
        ) : inviting ? (
          <InviteForm onDone={() => setInviting(false)} />
        ) : (
          <button type="button" className="button button-primary" onClick={() => setInviting(true)}>
            Invite a team member
          </button>
        )
      ) : null}
      <ul className="team-list">
        {members.map((member) => (
          <li key={member.id} className="team-member">
            <div className="team-member-head">
              <span className="team-member-name">
                {layout === "mobile" && owner && !member.isMe && member.role !== "admin" ? (
                  <Link to={mobileLink(member)}>
                    {member.name} {member.surname}
                  </Link>
                ) : (
                  `${member.name} ${member.surname}${member.isMe ? " (you)" : ""}`
                )}
              </span>
              <StatusBadge status={member.status} />
            </div>
            <span className="team-member-role">{`${memberRole(member)} · ${member.email}`}</span>
            {layout === "desktop" && owner && member.kind === "invitation" ? (
              member.status === "invitation_declined" ? null : (
                <InvitationActions id={member.id} />
              )
            ) : layout === "desktop" && owner && !member.isMe && member.role !== "admin" ? (
              open === member.id ? (
                <MemberAccess member={member} onRemoved={() => setOpen(null)} />
              ) : (
                <button type="button" className="button button-quiet" onClick={() => setOpen(member.id)}>
                  Change access
                </button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
