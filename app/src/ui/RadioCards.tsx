import { type ReactNode, useId } from "react";
import { FieldError } from "./fields";

export interface RadioCard {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

/** One choice among a few, each a card with a label and a hint: real radios in a fieldset, so
 * arrow keys move between them and the choice posts without JS. */
export function RadioCards({
  legend,
  name,
  options,
  value,
  defaultValue,
  onChange,
  error,
  columns = false,
}: {
  legend: ReactNode;
  name: string;
  options: readonly RadioCard[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  /** Side by side on a wide screen, rather than one under another. */
  columns?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      className={`choice-group${columns ? " choice-columns" : ""}${error ? " field-invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => {
        const checked = value === undefined ? undefined : value === option.value;
        return (
          <label key={option.value} className={checked ? "choice choice-selected" : "choice"}>
            <input
              type="radio"
              name={name}
              value={option.value}
              disabled={option.disabled}
              {...(value === undefined
                ? { defaultChecked: defaultValue === option.value, onChange: () => onChange?.(option.value) }
                : { checked, onChange: () => onChange?.(option.value) })}
            />
            <span className="choice-label">{option.label}</span>
            {option.hint ? <span className="choice-hint">{option.hint}</span> : null}
          </label>
        );
      })}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
