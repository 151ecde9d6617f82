import { useId } from "react";
import { displayAmount, normalizeAmount } from "../lib/amount";

/** SPEC §2 input kit: the amount input. `value` is the canonical decimal string ("1234.5"). */
export function AmountInput({
  label,
  name,
  value,
  currency,
  error,
  decimals = 2,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  currency: string;
  error?: string | undefined;
  decimals?: number;
  onChange: (value: string) => void;
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
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(normalizeAmount(event.target.value, decimals))}
        />
        <span className="amount-currency">{currency}</span>
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
