import { FormActions } from "../../../ui/FormActions";
import { useState } from "react";
import { useParams } from "react-router";
import { useForm } from "../../../lib/useForm";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { TextField } from "../../../ui/TextField";

const lastFour = (value: string) =>
  value.trim() === ""
    ? "Field is required"
    : /^\d{4}$/.test(value.trim())
      ? undefined
      : "Enter the last 4 digits";

export function CardActivatePage() {
  const { inviteKey = "" } = useParams();
  const [tried, setTried] = useState(false);
  const { field, submit } = useForm({ digits: lastFour }, () => setTried(true));
  return (
    <section className="panel" aria-labelledby="card-activate-title">
      <h1 id="card-activate-title">Activate your card</h1>
      <p>When your card arrives, enter the last four digits printed on its front.</p>
      <form method="post" onSubmit={submit} noValidate>
        <TextField label="Last 4 digits of the card" inputMode="numeric" maxLength={4} {...field("digits")} />
        {tried ? <UnavailableNotice what="Card activation" /> : null}
        <FormActions back={`/invitation/${encodeURIComponent(inviteKey)}/card`} submit="Activate" />
      </form>
    </section>
  );
}
