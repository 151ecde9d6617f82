import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { featuresQuery, isOn } from "../../../api/features";
import { ApiError, failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { holidayHours } from "../../../lib/supportHours";
import { emailError, REQUIRED } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { Textarea } from "../../../ui/Textarea";
import { supportApi } from "../api";

interface Form {
  name: string;
  email: string;
  phone: string;
  subject: string;
  request: string;
}

/** SPEC §5: name, email, subject and request are required; a phone has at most 15 digits. */
function errorsOf(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ["name", "subject", "request"] as const) if (!form[key].trim()) errors[key] = REQUIRED;
  const email = emailError(form.email);
  if (email) errors.email = email;
  const digits = form.phone.replace(/[\s-]/g, "").replace(/^\+/, "");
  if (form.phone.trim() && (!/^\d+$/.test(digits) || digits.length > 15))
    errors.phone = "Phone number is out of range";
  return errors;
}

/** SPEC §2 contact-us: write to support, with the support phone and email beside it. */
export function ContactPage() {
  const { session, site } = useApp();
  const blank = (): Form => ({
    name: [session.user?.name, session.user?.surname].filter(Boolean).join(" "),
    email: session.user?.email ?? "",
    phone: "",
    subject: "",
    request: "",
  });
  const [form, setForm] = useState<Form>(blank);
  // SPEC §1 christmasSupportHours: the holiday hours, as configured, while the flag is on.
  const holidays = isOn(useQuery(featuresQuery()).data, "christmasSupportHours") ? holidayHours(site) : [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
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
    setSent(null);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await supportApi.contact({ ...form, source: "dashboard" });
      setSent(answer.message ?? "Message sent successfully");
      setForm(blank());
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) setErrors(caught.fields);
      else setFailure(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel panel-wide" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact Us</h1>
      <p>
        Call us on <a href={`tel:${site.supportPhone.replace(/\s/g, "")}`}>{site.supportPhone}</a> or write to{" "}
        <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>, or send us a message here: we answer
        within one working day.
      </p>
      {holidays.length > 0 ? (
        <section className="notice notice-info" aria-labelledby="holiday-hours">
          <h2 id="holiday-hours">Support over the holidays</h2>
          <ul className="promo-points">
            {holidays.map((day) => (
              <li key={day}>{day}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {sent ? <Notice tone="success">{sent}</Notice> : null}
      <form
        className="loan-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField label="Your name" autoComplete="name" {...field("name")} />
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
        <TextField label="Subject" {...field("subject")} />
        <Textarea label="How can we help?" maxLength={5000} {...field("request")} />
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Send
          </button>
        </div>
      </form>
    </section>
  );
}
