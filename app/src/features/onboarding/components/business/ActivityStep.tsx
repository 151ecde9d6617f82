import type { AccountUsage, Country } from "../../api";
import { MultiChoice, type StepProps } from "./fields";

/** Step 5: where the money comes from and goes to (SPEC §5: at least one of each). */
export function ActivityStep({
  data,
  errors,
  set,
  usage,
  countries,
}: StepProps & { usage: AccountUsage | undefined; countries: Country[] }) {
  const countryChoices = countries.map((c) => ({ value: c.code, label: c.name }));
  const questions = [
    ["sourceOfFunds", "Source of funds", usage?.sourceOfFunds],
    ["purposeDescription", "Purpose of opening the account", usage?.purposeDescription],
    ["sendingCounterparties", "Who will send you money", usage?.sendingCounterparties],
    ["receivingCounterparties", "Who you will pay", usage?.receivingCounterparties],
    ["sendingCountries", "Countries money comes from", countryChoices],
    ["receivingCountries", "Countries you pay to", countryChoices],
  ] as const;
  return (
    <>
      {questions.map(([name, legend, choices]) => (
        <MultiChoice
          key={name}
          legend={legend}
          name={name}
          value={data[name] ?? ""}
          choices={choices ?? []}
          error={errors[name]}
          onChange={(v) => set({ [name]: v })}
        />
      ))}
    </>
  );
}
