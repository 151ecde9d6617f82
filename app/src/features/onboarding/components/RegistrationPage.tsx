import { FormActions } from "../../../ui/FormActions";
import { useState } from "react";
import { Link } from "react-router";
import { useForm } from "../../../lib/useForm";
import { emailError } from "../../../lib/validation";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { TextField } from "../../../ui/TextField";
import { Steps } from "./Steps";

// SPEC §2 "Registration wizard (steps 0-4)".
export const REGISTRATION_STEPS = [
  "Account Registration",
  "Email Verification",
  "Password",
  "Personal details",
  "Personal address",
] as const;

export function RegistrationPage() {
  const [tried, setTried] = useState(false);
  const { field, submit } = useForm({ email: emailError }, () => setTried(true));
  return (
    <section className="panel panel-wide" aria-labelledby="register-title">
      <Steps steps={REGISTRATION_STEPS} current={0} />
      <h1 id="register-title">Account Registration</h1>
      <p>Start with your email. We will send a code to confirm it is yours.</p>
      <form method="post" onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field("email")} />
        {tried ? <UnavailableNotice what="Registration" /> : null}
        <FormActions back="/" submit="Continue" />
      </form>
      <p className="panel-links">
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </p>
    </section>
  );
}
