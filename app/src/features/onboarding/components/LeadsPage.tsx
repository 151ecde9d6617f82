import { useState } from "react";
import { useApp } from "../../../lib/appContext";
import { useForm } from "../../../lib/useForm";
import { emailError, requiredError } from "../../../lib/validation";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { TextField } from "../../../ui/fields";

export function LeadsPage() {
  const { site } = useApp();
  const [tried, setTried] = useState(false);
  const { field, submit } = useForm(
    { name: requiredError, company: requiredError, email: emailError, phone: () => undefined },
    () => setTried(true),
  );
  return (
    <section className="panel panel-wide" aria-labelledby="leads-title">
      <h1 id="leads-title">Talk to our business team</h1>
      <p>
        Tell us about your company and we will call you back. You can also call us on {site.supportPhone} or
        write to {site.supportEmail}.
      </p>
      <form method="post" onSubmit={submit} noValidate>
        <TextField label="Your name" autoComplete="name" {...field("name")} />
        <TextField label="Company name" autoComplete="organization" {...field("company")} />
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
        {tried ? <UnavailableNotice what="Requesting a call back" /> : null}
        <button type="submit" className="button button-primary">
          Request a call back
        </button>
      </form>
    </section>
  );
}
