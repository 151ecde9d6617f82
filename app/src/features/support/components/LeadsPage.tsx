import { useApp } from "../../../lib/appContext";
import { useSendForm } from "../../../lib/useSendForm";
import { emailError, phoneError, requiredError } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { Textarea } from "../../../ui/Textarea";
import { supportApi } from "../api";

const RULES = {
  name: requiredError,
  company: requiredError,
  email: emailError,
  phone: phoneError,
  note: () => undefined,
};

/** SPEC §2 auth route `leads`: a business that is not a customer yet asks to be called back;
 * the request reaches support's inbox and is acknowledged by email. */
export function LeadsPage() {
  const { site } = useApp();
  const { field, submit, busy, failure, done } = useSendForm(
    RULES,
    async (values) => (await supportApi.callBack(values)).message ?? "Thank you. We will call you back.",
  );

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
        <form className="loan-form" noValidate onSubmit={submit}>
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
