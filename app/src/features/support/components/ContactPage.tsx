import { useQuery } from "@tanstack/react-query";
import { featuresQuery, isOn } from "../../../api/features";
import { useApp } from "../../../lib/appContext";
import { holidayHours } from "../../../lib/supportHours";
import { useSendForm } from "../../../lib/useSendForm";
import { emailError, phoneError, requiredError } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { Textarea } from "../../../ui/Textarea";
import { supportApi } from "../api";

/** SPEC §5: name, email, subject and request are required; a phone has at most 15 digits. */
const RULES = {
  name: requiredError,
  email: emailError,
  phone: (value: string) => (value.trim() ? phoneError(value) : undefined),
  subject: requiredError,
  request: requiredError,
};

/** SPEC §2 contact-us: write to support, with the support phone and email beside it. */
export function ContactPage() {
  const { session, site } = useApp();
  const form = useSendForm(
    RULES,
    async (values) =>
      (await supportApi.contact({ ...values, source: "dashboard" })).message ?? "Message sent successfully",
    () => ({
      name: [session.user?.name, session.user?.surname].filter(Boolean).join(" "),
      email: session.user?.email ?? "",
    }),
  );
  const { field, busy, failure } = form;
  // SPEC §1 christmasSupportHours: the holiday hours, as configured, while the flag is on.
  const holidays = isOn(useQuery(featuresQuery()).data, "christmasSupportHours") ? holidayHours(site) : [];

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
      {form.done ? <Notice tone="success">{form.done}</Notice> : null}
      <form className="loan-form" noValidate onSubmit={form.submit}>
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
