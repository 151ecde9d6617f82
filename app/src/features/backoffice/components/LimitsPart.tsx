import { useState } from "react";
import { TextField } from "../../../ui/fields";
import { backOfficeApi, type CustomerRecord } from "../api";
import { TermProposal } from "./TermProposal";

type Profile = CustomerRecord["profiles"][number];
type Currency = Profile["limits"][number]["currency"];

/** A profile's transfer limits in force, and (operations) a proposal to set its own. */
export function LimitsPart({ profile, mayChange }: { profile: Profile; mayChange: boolean }) {
  const [currency, setCurrency] = useState<Currency>(profile.limits[0]?.currency ?? "GBP");
  const [perTransfer, setPerTransfer] = useState("");
  const [daily, setDaily] = useState("");
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
        <TermProposal
          id={`limit-currency-${profile.id}`}
          choiceLabel="Currency"
          choices={profile.limits.map((limit) => ({ value: limit.currency, label: limit.currency }))}
          choice={currency}
          onChoice={(value) => setCurrency(value as Currency)}
          submitLabel="Propose new limits"
          propose={(reason) => backOfficeApi.proposeLimit(profile.id, currency, perTransfer, daily, reason)}
        >
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
        </TermProposal>
      ) : null}
    </>
  );
}
