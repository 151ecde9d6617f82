import { useState } from "react";
import { Link } from "../../../routing/Link";
import { failureText } from "../../../api/client";
import { useForm } from "../../../lib/useForm";
import { emailError } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { authApi } from "../api";

export function ForgotPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { field, submit } = useForm({ email: emailError }, async (values) => {
    setBusy(true);
    setError(null);
    try {
      setSent((await authApi.forgot(values.email)).message ?? null);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  });
  return (
    <section className="panel" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      {sent ? (
        <p className="notice notice-info" role="status">
          {sent}
        </p>
      ) : (
        <>
          <p>Enter the email you log in with. We will send you a link to choose a new password.</p>
          <form method="post" onSubmit={submit} noValidate>
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              inputMode="email"
              {...field("email")}
            />
            {error ? (
              <p className="notice notice-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button button-primary button-block" disabled={busy}>
              Send reset link
            </button>
          </form>
        </>
      )}
      <p className="panel-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
