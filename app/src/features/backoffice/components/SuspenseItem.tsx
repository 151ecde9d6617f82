import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatDate, formatTime } from "../../../lib/format";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { backOfficeApi, type ReleaseAction, type SuspenseView } from "../api";
import { useAction } from "../useAction";
import { WhyAndSubmit } from "./WhyAndSubmit";
import { schemeName } from "../schemes";

const ORIGINS: Record<SuspenseView["origin"], string> = {
  unknown_account: "Named no account of the bank",
  activation_fee: "Activation fee paid twice",
};

/** Money in suspense: what came, and a proposal to credit it to an account or send it back. */
export function SuspenseItem({ item }: { item: SuspenseView }) {
  const client = useQueryClient();
  // A second fee is the customer's to get back; money for an unknown account is usually found.
  const [action, setAction] = useState<ReleaseAction>(item.origin === "activation_fee" ? "return" : "match");
  const [iban, setIban] = useState("");
  const [reason, setReason] = useState("");
  const [proposed, setProposed] = useState(item.releaseProposed);
  const { busy, fields, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await run(() => backOfficeApi.proposeRelease(item.id, action, action === "match" ? iban : "", reason))
    ) {
      setProposed(true);
      await client.invalidateQueries({ queryKey: ["back-office", "proposals"] });
    }
  };
  return (
    <li className="back-office-facts">
      <h3 className="back-office-item-title">
        {item.amount} from {item.payer}{" "}
        <StatusChip tone={item.origin === "activation_fee" ? "amber" : "grey"}>
          {ORIGINS[item.origin]}
        </StatusChip>
      </h3>
      <dl>
        <div>
          <dt>Received</dt>
          <dd>
            {formatDate(item.receivedAt)} {formatTime(item.receivedAt)} by {schemeName(item.scheme)}
          </dd>
        </div>
        <div>
          <dt>Account named</dt>
          <dd>{item.accountText}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{item.reference || "(none)"}</dd>
        </div>
      </dl>
      {proposed ? (
        <Notice tone="info">A release waits for a second member of operations under Approvals.</Notice>
      ) : (
        <form onSubmit={submit} noValidate className="back-office-release">
          <fieldset>
            <legend>What should happen to it</legend>
            <label>
              <input
                type="radio"
                name={`action-${item.id}`}
                checked={action === "match"}
                onChange={() => setAction("match")}
              />{" "}
              Credit it to an account of the bank
            </label>
            <label>
              <input
                type="radio"
                name={`action-${item.id}`}
                checked={action === "return"}
                onChange={() => setAction("return")}
              />{" "}
              Send it back to the payer
            </label>
          </fieldset>
          {action === "match" ? (
            <TextField
              label="IBAN of the account"
              name="iban"
              value={iban}
              onChange={(e) => setIban(e.target.value)}
            />
          ) : null}
          <WhyAndSubmit
            reason={reason}
            onReason={setReason}
            error={fields.reason}
            failure={failure}
            busy={busy}
            label="Propose"
          />
        </form>
      )}
    </li>
  );
}
