import type { ReactNode } from "react";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";

/** The end of every back-office form that changes something: why (the audit log keeps it),
 * what the server refused, and the button. */
export function WhyAndSubmit({
  reason,
  onReason,
  error,
  failure,
  busy,
  label,
  whyLabel = "Why",
  variant,
  children,
}: {
  reason: string;
  onReason: (reason: string) => void;
  error?: string;
  failure: string | null;
  busy: boolean;
  label: string;
  whyLabel?: string;
  variant?: "secondary" | "danger";
  /** Shown between the refusal and the button (a success notice). */
  children?: ReactNode;
}) {
  return (
    <>
      <TextField
        label={whyLabel}
        name="reason"
        value={reason}
        onChange={(e) => onReason(e.target.value)}
        error={error}
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {children}
      <Button type="submit" variant={variant} loading={busy}>
        {label}
      </Button>
    </>
  );
}
