import { type FormEvent, useState } from "react";
import { refusalOf } from "../../../api/client";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { backOfficeApi, type StaffMe } from "../api";
import { ROLE_NAMES } from "../duties";

const ROLES = Object.keys(ROLE_NAMES) as StaffMe["role"][];

/** An administrator proposes a new member; a second administrator approves (Approvals). */
export function StaffPage() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffMe["role"]>("support");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setFailure(null);
    try {
      await backOfficeApi.proposeStaff(email, role, reason);
      setDone(true);
    } catch (caught) {
      const refusal = refusalOf(caught);
      setFields(refusal.fields);
      setFailure(Object.keys(refusal.fields).length ? null : refusal.message);
    } finally {
      setBusy(false);
    }
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
