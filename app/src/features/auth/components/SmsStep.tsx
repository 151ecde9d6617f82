import { useState } from "react";
import { Link } from "../../../routing/Link";
import { ApiError } from "../../../api/client";
import { CodeInput } from "../../../ui/CodeInput";
import { ResendButton } from "../../../ui/ResendButton";
import { authApi, type MfaStep } from "../api";
import { useMfaStatus } from "../useMfaStatus";

export function SmsStep({
  mfa,
  initialError,
  onBack,
  onNewRequest,
}: {
  mfa: MfaStep;
  initialError: string | null;
  onBack: () => void;
  onNewRequest: (mfa: MfaStep) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [sent, setSent] = useState<string | null>(null);
  const [expiredNow, setExpiredNow] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // SPEC §4: the request's status decides when time is up, polled while it is pending.
  const requestStatus = useMfaStatus(mfa.requestId);
  const expired = requestStatus === "expired" || requestStatus === "failed" || expiredNow === mfa.requestId;

  const confirm = async (secret: string) => {
    setBusy(true);
    setError(null);
    try {
      await authApi.confirmSms(mfa.requestId, secret);
      window.location.assign("/dashboard");
    } catch (caught) {
      setCode("");
      setBusy(false);
      if (caught instanceof ApiError) {
        if (caught.code === "mfa_expired") setExpiredNow(mfa.requestId);
        setError(caught.message);
      } else {
        setError("Something went wrong");
      }
    }
  };

  const resend = async () => {
    setError(null);
    try {
      const reply = await authApi.resend(mfa.requestId, "sms");
      onNewRequest(reply.mfa);
      setCode("");
      setSent("Code is sent again");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "Something went wrong");
    }
  };

  return (
    <section className="panel" aria-labelledby="sms-title">
      <h1 id="sms-title">Approve Log In Using SMS Code</h1>
      <p>We have sent a 6-digit code to your phone number ending in {mfa.lastDigits}.</p>
      {expired ? (
        <p className="notice notice-info" role="alert">
          {requestStatus === "failed"
            ? "Too many incorrect codes. Please request a new code."
            : "Request time is up"}
        </p>
      ) : null}
      <form
        method="post"
        action="/login/sms"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.length === 6) void confirm(code);
        }}
      >
        <input type="hidden" name="requestId" value={mfa.requestId} />
        <input type="hidden" name="digits" value={mfa.lastDigits} />
        <CodeInput
          label="SMS code"
          name="secret"
          value={code}
          onChange={setCode}
          onComplete={confirm}
          disabled={busy || expired}
        />
        <button type="submit" className="button button-primary button-block" disabled={busy || expired}>
          Confirm
        </button>
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {sent ? (
        <p className="notice notice-info" role="status">
          {sent}
        </p>
      ) : null}
      <div className="form-actions">
        <Link to="/login" className="button button-quiet" onClick={onBack}>
          Go back
        </Link>
        {expired ? (
          <button type="button" className="button button-secondary" onClick={resend}>
            Send a new code
          </button>
        ) : (
          <ResendButton key={mfa.requestId} onResend={resend} />
        )}
      </div>
    </section>
  );
}
