import { useState } from "react";
import { Link } from "react-router";
import { useForm } from "../../../lib/useForm";
import { requiredError } from "../../../lib/validation";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { TextField } from "../../../ui/TextField";

export function ResetPasswordPage() {
  const [tried, setTried] = useState(false);
  const { field, submit } = useForm({ password: requiredError, confirm: requiredError }, () =>
    setTried(true),
  );
  return (
    <section className="panel" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      <form method="post" onSubmit={submit} noValidate>
        <TextField label="New password" type="password" autoComplete="new-password" {...field("password")} />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...field("confirm")}
        />
        {tried ? <UnavailableNotice what="Password reset" /> : null}
        <button type="submit" className="button button-primary button-block">
          Change password
        </button>
      </form>
      <p className="panel-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
