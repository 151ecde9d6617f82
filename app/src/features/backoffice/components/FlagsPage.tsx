import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { refusalOf } from "../../../api/client";
import { formatDate, formatTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { backOfficeApi, type FlagView, flagsQuery } from "../api";

type Choice = "on" | "off" | "configured";

function FlagRow({ flag }: { flag: FlagView }) {
  const client = useQueryClient();
  const [choice, setChoice] = useState<Choice>(
    flag.overridden === null || flag.overridden === undefined ? "configured" : flag.overridden ? "on" : "off",
  );
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const on = choice === "configured" ? null : choice === "on";
      client.setQueryData(flagsQuery().queryKey, await backOfficeApi.setFlag(flag.name, on, reason));
      setReason("");
    } catch (caught) {
      const refusal = refusalOf(caught);
      setError(refusal.fields.reason ?? refusal.message ?? undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <th scope="row">{flag.name}</th>
      <td>
        <StatusChip tone={flag.on ? "green" : "grey"}>{flag.on ? "On" : "Off"}</StatusChip>
        <br />
        <span className="muted">
          configured {flag.configured ? "on" : "off"}
          {flag.overridden === null || flag.overridden === undefined ? "" : ", overridden"}
        </span>
      </td>
      <td className="muted">
        {flag.changedAt
          ? `${flag.changedBy ?? "command line"}, ${formatDate(flag.changedAt)} ${formatTime(flag.changedAt)}: ${flag.changedWhy ?? ""}`
          : "Never changed here"}
      </td>
      <td>
        <form onSubmit={save} className="back-office-flag" noValidate>
          <select
            aria-label={`${flag.name} setting`}
            value={choice}
            onChange={(e) => setChoice(e.target.value as Choice)}
          >
            <option value="configured">As configured</option>
            <option value="on">On</option>
            <option value="off">Off</option>
          </select>
          <TextField
            label="Why"
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={error}
          />
          <Button type="submit" size="small" loading={busy}>
            Save
          </Button>
        </form>
      </td>
    </tr>
  );
}

/** SPEC §1's flags (issue 32 point 6): in force, configured, overridden, and who changed them. */
export function FlagsPage() {
  const { data } = useQuery(flagsQuery());
  return (
    <section className="panel panel-wide" aria-labelledby="flags-title">
      <h1 id="flags-title">Feature flags</h1>
      <Notice tone="warning">
        A change applies to every customer at once. Turning adminPanel off closes this back office; bank
        features set adminPanel on opens it again.
      </Notice>
      <table className="back-office-table">
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">State</th>
            <th scope="col">Last change</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {(data?.flags ?? []).map((flag) => (
            <FlagRow key={flag.name} flag={flag} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
