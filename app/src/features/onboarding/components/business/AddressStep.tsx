import { Checkbox, TextField } from "../../../../ui/fields";
import type { Country } from "../../api";
import { SelectField, type StepProps, textOf } from "./fields";

/** Step 4: the registered address, and the trading address when it is another. */
export function AddressStep(props: StepProps & { countries: Country[] }) {
  const { data, errors, set, countries } = props;
  const text = textOf(props);
  const supported = countries.filter((c) => c.isSupported);
  return (
    <>
      <h2>Registered address</h2>
      <TextField {...text("legal_address_1", "Street")} />
      <TextField
        {...text(
          "legal_building_number",
          data.country === "GB" ? "Building number" : "Building number (optional)",
        )}
      />
      <TextField {...text("legal_city", "Town or city")} />
      <TextField {...text("legal_postcode", "Postcode")} />
      <TextField {...text("legal_region", "Region (optional)")} />
      <Checkbox
        name="actual_same_as_legal"
        checked={data.actual_same_as_legal ?? false}
        onChange={(event) => set({ actual_same_as_legal: event.target.checked })}
        label="The trading address is the registered address"
      />
      {data.actual_same_as_legal ? null : (
        <>
          <h2>Trading address</h2>
          <TextField {...text("actual_address_1", "Street")} />
          <TextField {...text("actual_building_number", "Building number")} />
          <TextField {...text("actual_city", "Town or city")} />
          <TextField {...text("actual_postcode", "Postcode")} />
          <TextField {...text("actual_region", "Region (optional)")} />
          <SelectField
            label="Country"
            name="actual_country"
            value={data.actual_country ?? ""}
            choices={supported.map((c) => ({ value: c.code, label: c.name, country: c.code }))}
            error={errors.actual_country}
            onChange={(v) => set({ actual_country: v })}
          />
        </>
      )}
    </>
  );
}
