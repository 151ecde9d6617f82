import { RadioCards } from "../../../../ui/RadioCards";
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
        choices={countries.map((c) => ({ value: c.code, label: c.name, country: c.code }))}
        error={errors.country}
        onChange={onCountry}
      />
      <RadioCards
        legend="Legal form"
        name="type"
        value={kind}
        error={errors.type}
        onChange={(type) => set({ type })}
        options={types.map((option) => ({ value: option.value, label: option.label }))}
      />
    </>
  );
}
