import { useId } from "react";
import type { BusinessData, Choice } from "../../api";
import { type MultiAnswer, decodeMulti, encodeMulti } from "../../businessRules";

export type { Errors } from "../../businessWizard";
import type { Errors } from "../../businessWizard";

/** What every step of the wizard gets: the data so far, its errors, and a way to change it. */
export interface StepProps {
  data: BusinessData;
  errors: Errors;
  set: (patch: Partial<BusinessData>) => void;
}

/** A text field's props for one key of the business data. */
export function textOf({ data, errors, set }: StepProps) {
  return (
    key: keyof BusinessData,
    label: string,
    extra: { type?: string; hint?: string; autoComplete?: string } = {},
  ) => ({
    label,
    name: key,
    value: String(data[key] ?? ""),
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value }),
    ...extra,
  });
}

/** A labelled select over the server's choices; empty until the person chooses. */
export function SelectField({
  label,
  name,
  value,
  choices,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  choices: readonly Choice[];
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose…</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** SPEC §3 multi-choice: boxes for the options plus "Other" with the person's own words. */
export function MultiChoice({
  legend,
  name,
  value,
  choices,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  choices: readonly Choice[];
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const answer = decodeMulti(value);
  const set = (next: MultiAnswer) => onChange(encodeMulti(next));
  const toggle = (choice: string, on: boolean) =>
    set({ ...answer, values: on ? [...answer.values, choice] : answer.values.filter((v) => v !== choice) });
  return (
    <fieldset
      className={error ? "field field-invalid multi" : "field multi"}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="checkbox"
            name={name}
            value={choice.value}
            checked={answer.values.includes(choice.value)}
            onChange={(event) => toggle(choice.value, event.target.checked)}
          />
          {choice.label}
        </label>
      ))}
      <label className="choice">
        <input
          type="checkbox"
          checked={answer.other !== null}
          onChange={(event) => set({ ...answer, other: event.target.checked ? "" : null })}
        />
        Other
      </label>
      {answer.other !== null ? (
        <input
          aria-label={`${legend}: other`}
          value={answer.other}
          maxLength={200}
          onChange={(event) => set({ ...answer, other: event.target.value })}
        />
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
