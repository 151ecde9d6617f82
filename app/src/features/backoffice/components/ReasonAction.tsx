import { type FormEvent, useState } from "react";
import { useAction } from "../useAction";
import { WhyAndSubmit } from "./WhyAndSubmit";

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
      <WhyAndSubmit
        reason={reason}
        onReason={setReason}
        error={fields.reason}
        failure={failure}
        busy={busy}
        label={label}
        whyLabel={`${label}: why?`}
        variant={variant}
      />
    </form>
  );
}
