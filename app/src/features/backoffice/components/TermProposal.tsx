import { type FormEvent, type ReactNode, useState } from "react";
import { Notice } from "../../../ui/Notice";
import { useAction } from "../useAction";
import { WhyAndSubmit } from "./WhyAndSubmit";

type Choice = { value: string; label: string };

/** A proposal to change one of a profile's terms (its limits, its fees) for a second member of
 * operations to approve: which one, the new values (children), and why. */
export function TermProposal({
  id,
  choiceLabel,
  choices,
  choice,
  onChoice,
  submitLabel,
  propose,
  children,
}: {
  id: string;
  choiceLabel: string;
  choices: Choice[];
  choice: string;
  onChoice: (value: string) => void;
  submitLabel: string;
  propose: (reason: string) => Promise<unknown>;
  children: ReactNode;
}) {
  const [reason, setReason] = useState("");
  const [proposed, setProposed] = useState(false);
  const { busy, fields, failure, run } = useAction();
  if (proposed)
    return <Notice tone="info">Proposed. Another member of operations approves it under Approvals.</Notice>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProposed(await run(() => propose(reason)));
  };
  return (
    <form onSubmit={submit} noValidate className="back-office-release">
      <div className="field">
        <label htmlFor={id}>{choiceLabel}</label>
        <select id={id} value={choice} onChange={(e) => onChoice(e.target.value)}>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {children}
      <WhyAndSubmit
        reason={reason}
        onReason={setReason}
        error={fields.reason}
        failure={failure}
        busy={busy}
        label={submitLabel}
      />
    </form>
  );
}
