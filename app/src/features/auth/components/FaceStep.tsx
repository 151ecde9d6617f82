import { useState } from "react";
import { Link } from "../../../routing/Link";
import { ApiError } from "../../../api/client";
import { authApi, type MfaStep } from "../api";
import { useMfaStatus } from "../useMfaStatus";
import { getPasskey, usePasskeysSupported } from "../../../lib/webauthn";

/** SPEC §2/§4: the face approval, a passkey with user verification; SMS is one tap away. */
export function FaceStep({
  mfa,
  onBack,
  onNewRequest,
}: {
  mfa: MfaStep;
  onBack: () => void;
  onNewRequest: (mfa: MfaStep) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = usePasskeysSupported();
  const status = useMfaStatus(mfa.requestId);
  const expired = status === "expired" || status === "failed";

  const approve = async () => {
    setBusy(true);
    setError(null);
    try {
      const { publicKey } = await authApi.passkeyChallenge(mfa.requestId);
      const credential = await getPasskey(publicKey);
      await authApi.confirmPasskey(mfa.requestId, credential);
      window.location.assign("/dashboard");
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ApiError
          ? caught.message
          : "We could not confirm it's you. Try again or use SMS instead.",
      );
    }
  };

  const switchTo = async (method: MfaStep["method"]) => {
    setError(null);
    try {
      const reply = await authApi.resend(mfa.requestId, method);
      onNewRequest(reply.mfa);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "Something went wrong");
    }
  };

  return (
    <section className="panel" aria-labelledby="face-title">
      <h1 id="face-title">Approve Log In With Your Face</h1>
      <p>Use the passkey on this device: your face, fingerprint or screen lock confirms it's you.</p>
      {expired ? (
        <p className="notice notice-info" role="alert">
          Request time is up
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {expired ? (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => switchTo("challenge_proxied")}
        >
          Try again
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary button-block"
          onClick={approve}
          disabled={busy || !supported}
        >
          Approve
        </button>
      )}
      <div className="form-actions">
        <Link to="/login" className="button button-quiet" onClick={onBack}>
          Go back
        </Link>
        <button type="button" className="button button-secondary" onClick={() => switchTo("sms")}>
          Use SMS instead
        </button>
      </div>
    </section>
  );
}
