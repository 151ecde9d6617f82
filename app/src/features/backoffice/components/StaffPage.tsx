import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatDate } from "../../../lib/format";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { backOfficeApi, type StaffMe, staffListQuery } from "../api";
import { ROLE_NAMES } from "../duties";
import { useAction } from "../useAction";
import { WhyAndSubmit } from "./WhyAndSubmit";
import { ReasonAction } from "./ReasonAction";

const ROLES = Object.keys(ROLE_NAMES) as StaffMe["role"][];

function Members() {
  const client = useQueryClient();
  const members = useQuery(staffListQuery()).data?.members ?? [];
  return (
    <table className="back-office-table">
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Role</th>
          <th scope="col">State</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.id}>
            <td>
              {member.email}
              {member.you ? <span className="muted"> (you)</span> : null}
            </td>
            <td>{ROLE_NAMES[member.role]}</td>
            <td>
              {member.disabledAt ? (
                <StatusChip tone="red">Disabled {formatDate(member.disabledAt)}</StatusChip>
              ) : member.enrolledAt ? (
                <StatusChip tone="green">Active</StatusChip>
              ) : (
                <StatusChip tone="amber">Enrolment link not used yet</StatusChip>
              )}
              {member.disabledAt || member.you ? null : (
                <ReasonAction
                  label="Disable"
                  variant="danger"
                  act={async (reason) =>
                    client.setQueryData(
                      staffListQuery().queryKey,
                      await backOfficeApi.disableStaff(member.id, reason),
                    )
                  }
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every member of staff, disabled at once when they leave; an administrator proposes a new
 * member and a second administrator approves (Approvals). */
export function StaffPage() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffMe["role"]>("support");
  const [reason, setReason] = useState("");
  const { busy, fields, failure, run } = useAction();
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(await run(() => backOfficeApi.proposeStaff(email, role, reason)));
  };
  return (
    <section className="panel panel-wide" aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      <Members />
      <h2>Add a member</h2>
      <p>
        A new member needs two administrators: you propose, another approves and hands over the enrolment
        link.
      </p>
      {done ? (
        <Notice tone="success">Proposed. Another administrator approves it under Approvals.</Notice>
      ) : (
        <form onSubmit={submit} noValidate className="back-office-release">
          <TextField
            label="Work email"
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fields.email}
          />
          <div className="field">
            <label htmlFor="staff-role">Role</label>
            <select
              id="staff-role"
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffMe["role"])}
            >
              {ROLES.map((name) => (
                <option key={name} value={name}>
                  {ROLE_NAMES[name]}
                </option>
              ))}
            </select>
          </div>
          <WhyAndSubmit
            reason={reason}
            onReason={setReason}
            error={fields.reason}
            failure={failure}
            busy={busy}
            label="Propose new member"
          />
        </form>
      )}
    </section>
  );
}
