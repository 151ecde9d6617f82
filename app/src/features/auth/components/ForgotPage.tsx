import { useState } from "react";
import { Link } from "react-router";
import { useForm } from "../../../lib/useForm";
import { emailError } from "../../../lib/validation";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { TextField } from "../../../ui/TextField";

export function ForgotPage() {
  const [tried, setTried] = useState(false);
  const { field, submit } = useForm({ email: emailError }, () => setTried(true));
  return (
    <section className="panel" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      <p>Enter the email you log in with. We will send you a link to choose a new password.</p>
      <form method="post" action="/forgot" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="username" inputMode="email" {...field("email")} />
        {tried ? <UnavailableNotice what="Password reset" /> : null}
        <button type="submit" className="button button-primary button-block">
          Send reset link
        </button>
      </form>
      <p className="panel-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
