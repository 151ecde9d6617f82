import { useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { ApiError } from "../../../api/client";
import { parseQuery } from "../../../lib/url";
import { PasswordFields, usePasswordPair } from "../../../ui/PasswordFields";
import { authApi } from "../api";

/** SPEC §8 "Password reset": 403 means the link expired; other 4xx carry the server's message. */
function resetErrorMessage(caught: unknown): string {
  if (caught instanceof ApiError) {
    if (caught.status === 403) return "Password reset link has expired";
    if (caught.status < 500) return caught.fields.password ?? caught.message;
  }
  return "Something went wrong, try again later";
}

export function ResetPasswordPage() {
  const token = parseQuery(useLocation().search).token ?? "";
  const pair = usePasswordPair();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!pair.check()) return;
    setBusy(true);
    try {
      await authApi.reset(token, pair.password);
      setOutcome({ ok: true, text: "Password successfully changed" });
    } catch (caught) {
      setOutcome({ ok: false, text: resetErrorMessage(caught) });
    } finally {
      setBusy(false);
    }
  };

  if (outcome?.ok) {
    return (
      <section className="panel" aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        <p className="notice notice-success" role="status">
          {outcome.text}
        </p>
        <Link to="/login" className="button button-primary button-block">
          Log in
        </Link>
      </section>
    );
  }
  return (
    <section className="panel" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <form method="post" onSubmit={submit} noValidate>
        <PasswordFields {...pair.fields} />
        {outcome ? (
          <p className="notice notice-error" role="alert">
            {outcome.text}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          Change password
        </button>
      </form>
      <p className="panel-links">
        <Link to="/forgot">Get a new link</Link>
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
