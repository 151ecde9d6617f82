import { type FormEvent, useState } from "react";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { useAction } from "../useAction";

/** One action that needs its own reason (the audit log keeps it): restrict a customer, end
 * their sessions, end a promo, disable a member of staff. */
export function ReasonAction({
  label,
  variant = "secondary",
  act,
}: {
  label: string;
  variant?: "secondary" | "danger";
  act: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState("");
  const { busy, fields, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => act(reason))) setReason("");
  };
  return (
    <form onSubmit={submit} className="back-office-action" noValidate>
      <TextField
        label={`${label}: why?`}
        name="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={fields.reason}
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Button type="submit" variant={variant} loading={busy}>
        {label}
      </Button>
    </form>
  );
}
