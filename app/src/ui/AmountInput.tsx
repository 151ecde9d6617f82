import { type ReactNode, useId } from "react";
import { displayAmount, normalizeAmount } from "../lib/amount";
import { describedBy, FieldNotes } from "./fields";

/** SPEC §2 input kit: the amount input. `value` is the canonical decimal string ("1234.5").
 * `children` is an action that belongs to the amount (a Save button): it sits on the input's
 * line, so it lines up with the box whatever the hint or error below says. */
export function AmountInput({
  label,
  name,
  value,
  currency,
  error,
  hint,
  decimals = 2,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  currency: string;
  error?: string | undefined;
  hint?: string | undefined;
  decimals?: number;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <div className="amount-input">
        <input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          value={displayAmount(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(normalizeAmount(event.target.value, decimals))}
        />
        <span className="amount-currency">{currency}</span>
        {children}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
