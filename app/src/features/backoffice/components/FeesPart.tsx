import { useState } from "react";
import { TextField } from "../../../ui/fields";
import { backOfficeApi, type CustomerRecord } from "../api";
import { schemeName } from "../schemes";
import { TermProposal } from "./TermProposal";

type Profile = CustomerRecord["profiles"][number];
type Fee = Profile["fees"][number];

const key = (fee: Fee) => `${fee.scheme}:${fee.currency}`;
const label = (fee: Fee) => `${schemeName(fee.scheme)} in ${fee.currency}`;

/** What the profile's transfers cost, and (operations) a proposal to waive or lower a fee. */
export function FeesPart({ profile, mayChange }: { profile: Profile; mayChange: boolean }) {
  const [chosen, setChosen] = useState(profile.fees[0] ? key(profile.fees[0]) : "");
  const [fee, setFee] = useState("");
  const current = profile.fees.find((f) => key(f) === chosen);
  return (
    <>
      <h3>Transfer fees</h3>
      <ul>
        {profile.fees.map((f) => (
          <li key={key(f)}>
            {label(f)}: {f.fee}
            {f.own ? " (set for this profile)" : " (the bank's)"}
          </li>
        ))}
      </ul>
      {mayChange && current ? (
        <TermProposal
          id={`fee-scheme-${profile.id}`}
          choiceLabel="Transfers"
          choices={profile.fees.map((f) => ({ value: key(f), label: label(f) }))}
          choice={chosen}
          onChoice={setChosen}
          submitLabel="Propose the fee"
          propose={(reason) =>
            backOfficeApi.proposeFee(profile.id, current.scheme, current.currency, fee, reason)
          }
        >
          <TextField
            label="Fee for this profile (0 waives it)"
            name="fee"
            inputMode="decimal"
            value={fee}
            onChange={(e) => setFee(e.target.value)}
          />
        </TermProposal>
      ) : null}
    </>
  );
}
