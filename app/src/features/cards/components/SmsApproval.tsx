import { useState } from "react";
import { failureText } from "../../../api/client";
import { CodeInput } from "../../../ui/CodeInput";
import { cardsApi, type MfaStep } from "../api";

/** The SMS code of an approval bound to one card; `onApproved` runs once the code is right. */
export function SmsApproval({
  step,
  what,
  onApproved,
  onCancel,
}: {
  step: MfaStep;
  what: string;
  onApproved: (requestId: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (secret: string) => {
    setBusy(true);
    setError(null);
    try {
      await cardsApi.confirmSms(step.requestId, secret);
      await onApproved(step.requestId);
    } catch (caught) {
      setError(failureText(caught));
      setCode("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="step-up" aria-label={`Approve: ${what}`}>
      <p>{`To ${what}, enter the code we sent to your phone ending ${step.lastDigits}.`}</p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <CodeInput
        label="SMS code"
        value={code}
        onChange={setCode}
        onComplete={(value) => void confirm(value)}
        disabled={busy}
      />
      <button type="button" className="button button-quiet" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </fieldset>
  );
}

/** An error a card call answered, as the screen shows it. */
export function problemOf(caught: unknown): string {
  return failureText(caught);
}
