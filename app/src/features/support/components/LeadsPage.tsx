import { useState } from "react";
import { ApiError, failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { emailError, phoneError, REQUIRED } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { Textarea } from "../../../ui/Textarea";
import { supportApi } from "../api";

interface Form {
  name: string;
  company: string;
  email: string;
  phone: string;
  note: string;
}

const BLANK: Form = { name: "", company: "", email: "", phone: "", note: "" };

function errorsOf(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ["name", "company"] as const) if (!form[key].trim()) errors[key] = REQUIRED;
  const email = emailError(form.email);
  if (email) errors.email = email;
  const phone = phoneError(form.phone);
  if (phone) errors.phone = phone;
  return errors;
}

/** SPEC §2 auth route `leads`: a business that is not a customer yet asks to be called back;
 * the request reaches support's inbox and is acknowledged by email. */
export function LeadsPage() {
  const { site } = useApp();
  const [form, setForm] = useState<Form>(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof Form) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setForm((c) => ({ ...c, [key]: event.target.value })),
  });

  const send = async () => {
    const found = errorsOf(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await supportApi.callBack(form);
      setDone(answer.message ?? "Thank you. We will call you back.");
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) setErrors(caught.fields);
      else setFailure(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel panel-wide" aria-labelledby="leads-title">
      <h1 id="leads-title">Talk to our business team</h1>
      <p>
        Tell us about your company and we will call you back. You can also call us on {site.supportPhone} or
        write to {site.supportEmail}.
      </p>
      {done ? (
        <Notice tone="success">{done}</Notice>
      ) : (
        <form
          className="loan-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <TextField label="Your name" autoComplete="name" {...field("name")} />
          <TextField label="Company name" autoComplete="organization" {...field("company")} />
          <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
          <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} />
          <Textarea
            label="What would you like to talk about? (optional)"
            maxLength={2000}
            {...field("note")}
          />
          {failure ? (
            <p className="notice notice-error" role="alert">
              {failure}
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            Request a call back
          </button>
        </form>
      )}
    </section>
  );
}
