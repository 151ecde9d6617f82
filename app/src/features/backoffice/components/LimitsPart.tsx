import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { backOfficeApi, type CustomerRecord } from "../api";
import { useAction } from "../useAction";

type Profile = CustomerRecord["profiles"][number];

/** A profile's transfer limits in force, and (operations) a proposal to set its own. */
export function LimitsPart({ profile, mayChange }: { profile: Profile; mayChange: boolean }) {
  const [currency, setCurrency] = useState(profile.limits[0]?.currency ?? "GBP");
  const [perTransfer, setPerTransfer] = useState("");
  const [daily, setDaily] = useState("");
  const [reason, setReason] = useState("");
  const [proposed, setProposed] = useState(false);
  const { busy, fields, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProposed(
      await run(() => backOfficeApi.proposeLimit(profile.id, currency, perTransfer, daily, reason)),
    );
  };
  const selectId = `limit-currency-${profile.id}`;
  return (
    <>
      <h3>Transfer limits</h3>
      <ul>
        {profile.limits.map((limit) => (
          <li key={limit.currency}>
            {limit.currency}: {limit.perTransfer ?? "no limit"} a transfer, {limit.daily ?? "no limit"} a day
            {limit.own ? " (set for this profile)" : " (the bank's)"}
          </li>
        ))}
      </ul>
      {mayChange && profile.limits.length > 0 ? (
        proposed ? (
          <Notice tone="info">Proposed. Another member of operations approves it under Approvals.</Notice>
        ) : (
          <form onSubmit={submit} noValidate className="back-office-release">
            <div className="field">
              <label htmlFor={selectId}>Currency</label>
              <select
                id={selectId}
                value={currency}
                onChange={(e) => setCurrency(e.target.value as typeof currency)}
              >
                {profile.limits.map((limit) => (
                  <option key={limit.currency} value={limit.currency}>
                    {limit.currency}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label="Most a transfer"
              name="perTransfer"
              inputMode="decimal"
              value={perTransfer}
              onChange={(e) => setPerTransfer(e.target.value)}
            />
            <TextField
              label="Most a day"
              name="daily"
              inputMode="decimal"
              value={daily}
              onChange={(e) => setDaily(e.target.value)}
            />
            <TextField
              label="Why"
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={fields.reason}
            />
            {failure ? <Notice tone="error">{failure}</Notice> : null}
            <Button type="submit" loading={busy}>
              Propose new limits
            </Button>
          </form>
        )
      ) : null}
    </>
  );
}
