import { Checkbox, TextField } from "../../../../ui/fields";
import { MultiSelect } from "../../../../ui/MultiSelect";
import { type Option, Select } from "../../../../ui/Select";
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
  choices: readonly Option[];
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      label={label}
      name={name}
      value={value}
      placeholder="Choose…"
      options={choices}
      error={error}
      onChange={onChange}
    />
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
  const answer = decodeMulti(value);
  const set = (next: MultiAnswer) => onChange(encodeMulti(next));
  // 'Option "Other" selected, but not filled' belongs to the words field: it is marked and it
  // is where the step's jump to the first error puts the cursor, not the search above it.
  const otherMissing = Boolean(error) && answer.other !== null && answer.other.trim() === "";
  return (
    <MultiSelect
      legend={legend}
      name={name}
      options={choices}
      value={answer.values}
      error={otherMissing ? undefined : error}
      onChange={(values) => set({ ...answer, values })}
    >
      <Checkbox
        label="Other"
        checked={answer.other !== null}
        onChange={(event) => set({ ...answer, other: event.target.checked ? "" : null })}
      />
      {answer.other !== null ? (
        <TextField
          label="Other, in your words"
          name={`${name}_other`}
          value={answer.other}
          maxLength={200}
          {...(otherMissing && error ? { error } : {})}
          onChange={(event) => set({ ...answer, other: event.target.value })}
        />
      ) : null}
    </MultiSelect>
  );
}
