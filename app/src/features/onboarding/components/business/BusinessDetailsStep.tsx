import { TextField } from "../../../../ui/fields";
import type { AccountUsage, Choice } from "../../api";
import { SelectField, type StepProps, textOf } from "./fields";

/** Step 3: industry, size, expected payments in and out, website and VAT number. */
export function BusinessDetailsStep(
  props: StepProps & { industries: readonly Choice[]; usage: AccountUsage | undefined },
) {
  const { data, errors, set, industries, usage } = props;
  const text = textOf(props);
  const volumes = data.country === "GB" ? usage?.transactionVolumeGbp : usage?.transactionVolumeEur;
  const amounts = [
    ["monthly_incoming_transaction_count", "Payments in per month", usage?.transactionCount],
    ["monthly_incoming_transaction_volume", "Money in per month", volumes],
    ["monthly_outgoing_transaction_count", "Payments out per month", usage?.transactionCount],
    ["monthly_outgoing_transaction_volume", "Money out per month", volumes],
  ] as const;
  return (
    <>
      <SelectField
        label="Industry"
        name="business_type"
        value={data.business_type ?? ""}
        choices={industries}
        error={errors.business_type}
        onChange={(v) => set({ business_type: v })}
      />
      <SelectField
        label="Number of employees"
        name="business_size"
        value={data.business_size ?? ""}
        choices={usage?.businessSize ?? []}
        error={errors.business_size}
        onChange={(v) => set({ business_size: v })}
      />
      {amounts.map(([key, label, choices]) => (
        <SelectField
          key={key}
          label={label}
          name={key}
          value={String(data[key] ?? "")}
          choices={choices ?? []}
          error={errors[key]}
          onChange={(v) => set({ [key]: v })}
        />
      ))}
      <TextField {...text("website", "Website (optional)", { type: "url" })} />
      <TextField {...text("vat_number", "VAT number (optional)")} />
    </>
  );
}
