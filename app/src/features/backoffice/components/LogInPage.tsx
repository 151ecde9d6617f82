import { type FormEvent, useState } from "react";
import { useLocation } from "react-router";
import { refusalOf } from "../../../api/client";
import { getPasskey } from "../../../lib/webauthn";
import { parseQuery } from "../../../lib/url";
import { Button } from "../../../ui/Button";
import { TextField, useHydrated } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { backOfficeApi } from "../api";

/** Staff sign in with a passkey only: no password, no SMS (issue 32). */
export function LogInPage() {
  const hydrated = useHydrated();
  const ended = parseQuery(useLocation().search).ended === "idle";
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    setFieldError(undefined);
    try {
      const ceremony = await backOfficeApi.logInOptions(email);
      const credential = await getPasskey(ceremony.publicKey as Record<string, unknown>);
      await backOfficeApi.logIn(ceremony.ceremonyId, credential);
      window.location.assign("/back-office");
    } catch (caught) {
      const refusal = refusalOf(caught);
      setFieldError(refusal.fields.email);
      setFailure(
        refusal.fields.email ? null : (refusal.message ?? "The passkey was not used. Please try again."),
      );
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="login-title">
      <h1 id="login-title">Back office log in</h1>
      {ended ? <Notice tone="info">You were logged out after 15 minutes without activity.</Notice> : null}
      <p>Staff sign in with their passkey. Ask an administrator for an enrolment link if you have none.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Work email"
          name="email"
          type="email"
          autoComplete="username webauthn"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError}
        />
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <Button type="submit" block loading={busy} disabled={!hydrated}>
          Log in with your passkey
        </Button>
      </form>
    </section>
  );
}
