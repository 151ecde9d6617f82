import type { Country } from "../../api";
import { SelectField, type StepProps } from "./fields";

/** Step 1: the country of registration and the legal form (SPEC §4: a single form is preselected). */
export function CompanyTypeStep({
  data,
  errors,
  set,
  countries,
  kind,
  onCountry,
}: StepProps & { countries: Country[]; kind: string; onCountry: (code: string) => void }) {
  const types = countries.find((c) => c.code === data.country)?.companyTypes ?? [];
  return (
    <>
      <SelectField
        label="Country of registration"
        name="country"
        value={data.country ?? ""}
        choices={countries.map((c) => ({ value: c.code, label: `${c.icon} ${c.name}` }))}
        error={errors.country}
        onChange={onCountry}
      />
      <fieldset className={errors.type ? "field field-invalid" : "field"}>
        <legend>Legal form</legend>
        {types.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name="type"
              value={option.value}
              checked={kind === option.value}
              onChange={() => set({ type: option.value })}
            />
            {option.label}
          </label>
        ))}
        {errors.type ? (
          <p className="field-error" role="alert">
            {errors.type}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
