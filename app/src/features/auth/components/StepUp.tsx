import { useState } from "react";
import { failureText } from "../../../api/client";
import { CodeInput } from "../../../ui/CodeInput";
import { authApi, type MfaStep } from "../api";
import { getPasskey } from "../../../lib/webauthn";

/**
 * "Confirm it's you" before a change to how the person logs in: the server asked for a fresh
 * approval (`step_up_required`), so the person approves with their current factor, by SMS code
 * or passkey, and then the change goes ahead.
 */
export function StepUp({
  step,
  onConfirmed,
  onCancel,
}: {
  step: MfaStep;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = async (confirm: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await confirm();
      onConfirmed();
    } catch (caught) {
      setError(failureText(caught));
      setCode("");
    } finally {
      setBusy(false);
    }
  };
  const withPasskey = () =>
    settle(async () => {
      const { publicKey } = await authApi.passkeyChallenge(step.requestId);
      await authApi.confirmStepUpWithPasskey(step.requestId, await getPasskey(publicKey));
    });

  return (
    <div className="step-up" role="dialog" aria-labelledby="step-up-title">
      <h2 id="step-up-title">Confirm it's you</h2>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {step.method === "sms" ? (
        <>
          <p>We sent a code to your phone ending {step.lastDigits}.</p>
          <CodeInput
            label="SMS code"
            value={code}
            onChange={setCode}
            onComplete={(value) => settle(() => authApi.confirmStepUp(step.requestId, value))}
            disabled={busy}
          />
        </>
      ) : (
        <button type="button" className="button button-primary" onClick={withPasskey} disabled={busy}>
          Confirm with your passkey
        </button>
      )}
      <button type="button" className="button button-quiet" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}
