import { useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { ApiError, failureText } from "../../../api/client";
import { parseQuery } from "../../../lib/url";
import { useForm } from "../../../lib/useForm";
import { requiredError } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { PolicyConsent } from "../../../ui/PolicyConsent";
import { authApi, type MfaStep } from "../api";
import { loginErrorMessage } from "../messages";
import { FaceStep } from "./FaceStep";
import { SmsStep } from "./SmsStep";

const POLICY_NOT_ACCEPTED = "policy_not_accepted";

export function LoginPage() {
  // After a plain form post (no JavaScript yet) the server redirects here with the step in the query.
  const query = parseQuery(useLocation().search);
  const [mfa, setMfa] = useState<MfaStep | null>(() =>
    query.mfa
      ? {
          method: query.method === "face" ? "challenge_proxied" : "sms",
          requestId: query.mfa,
          lastDigits: query.digits ?? "",
        }
      : null,
  );
  const redirected = loginErrorMessage(query.error);
  const [formError, setFormError] = useState<string | null>(query.mfa ? null : redirected);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // SPEC §6: an invited colleague without the current policies accepted is asked to tick them.
  const [policiesAsked, setPoliciesAsked] = useState(query.error === POLICY_NOT_ACCEPTED);
  const [policiesAccepted, setPoliciesAccepted] = useState(false);
  const [policiesError, setPoliciesError] = useState<string | null>(null);
  const { field, submit } = useForm({ email: requiredError, password: requiredError }, async (values) => {
    if (policiesAsked && !policiesAccepted) {
      setPoliciesError("Field is required");
      return;
    }
    setBusy(true);
    setFormError(null);
    setNotice(null);
    setPoliciesError(null);
    try {
      const reply = await authApi.login(values.email, values.password, policiesAccepted);
      if (reply.mfa) setMfa(reply.mfa);
      else window.location.assign("/dashboard");
    } catch (caught) {
      // SPEC §8: a login 401 shows the server's message inline; other errors a notice.
      if (caught instanceof ApiError && caught.status === 401) setFormError(caught.message);
      else if (caught instanceof ApiError && caught.code === POLICY_NOT_ACCEPTED) {
        setPoliciesAsked(true);
        setFormError(caught.message);
      } else setNotice(failureText(caught));
    } finally {
      setBusy(false);
    }
  });

  if (mfa?.method === "challenge_proxied") {
    return <FaceStep mfa={mfa} onBack={() => setMfa(null)} onNewRequest={setMfa} />;
  }
  if (mfa) {
    return (
      <SmsStep
        mfa={mfa}
        initialError={query.mfa === mfa.requestId ? redirected : null}
        onBack={() => setMfa(null)}
        onNewRequest={setMfa}
      />
    );
  }

  return (
    <section className="panel" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <form method="post" action="/login" onSubmit={submit} noValidate>
        {formError ? (
          <p className="notice notice-error" role="alert">
            {formError}
          </p>
        ) : null}
        <TextField label="Email" type="email" autoComplete="username" inputMode="email" {...field("email")} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field("password")} />
        {policiesAsked ? (
          <PolicyConsent checked={policiesAccepted} onChange={setPoliciesAccepted} error={policiesError} />
        ) : null}
        {notice ? (
          <p className="notice notice-info" role="alert">
            {notice}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          Log In
        </button>
      </form>
      <p className="panel-links">
        <Link to="/forgot">Forgot password?</Link>
        <span>
          New here? <Link to="/onboarding/user">Sign up</Link>
        </span>
      </p>
    </section>
  );
}
