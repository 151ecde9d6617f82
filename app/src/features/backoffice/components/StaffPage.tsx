import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { backOfficeApi, type StaffMe } from "../api";
import { ROLE_NAMES } from "../duties";
import { useAction } from "../useAction";

const ROLES = Object.keys(ROLE_NAMES) as StaffMe["role"][];

/** An administrator proposes a new member; a second administrator approves (Approvals). */
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
    <section className="panel" aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      <p>
        A new member needs two administrators: you propose, another approves and hands over the enrolment
        link.
      </p>
      {done ? (
        <Notice tone="success">Proposed. Another administrator approves it under Approvals.</Notice>
      ) : (
        <form onSubmit={submit} noValidate>
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
          <TextField
            label="Why"
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fields.reason}
          />
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <Button type="submit" loading={busy}>
            Propose new member
          </Button>
        </form>
      )}
    </section>
  );
}
