import { useState } from "react";
import { Link } from "react-router";
import { REQUIRED } from "../../../lib/validation";
import { useForm } from "../../../lib/useForm";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { TextField } from "../../../ui/TextField";

const required = (value: string) => (value.trim() === "" ? REQUIRED : undefined);

export function LoginPage() {
  const [tried, setTried] = useState(false);
  const { field, submit } = useForm({ email: required, password: required }, () => setTried(true));
  return (
    <section className="panel" aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      <form method="post" action="/login" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="username" inputMode="email" {...field("email")} />
        <TextField label="Password" type="password" autoComplete="current-password" {...field("password")} />
        {tried ? <UnavailableNotice what="Logging in" /> : null}
        <button type="submit" className="button button-primary button-block">
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
