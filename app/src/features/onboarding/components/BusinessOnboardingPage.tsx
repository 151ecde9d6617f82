import { FormActions } from "../../../ui/FormActions";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { countriesQuery } from "../api";
import { Steps } from "./Steps";

// SPEC §2 "Business onboarding wizard".
const STEPS = [
  "Company Type",
  "Company Details",
  "Business Details",
  "Business Address",
  "Activity Type",
] as const;

export function BusinessOnboardingPage() {
  const countries = useQuery(countriesQuery()).data ?? [];
  const fallback = countries.find((c) => c.default)?.code ?? "";
  const [code, setCode] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const countryId = useId();
  const selected = countries.find((c) => c.code === (code ?? fallback));
  const types = selected?.companyTypes ?? [];
  // SPEC §4: a single company type is preselected.
  const chosenType = type ?? (types.length === 1 ? (types[0]?.value ?? null) : null);
  return (
    <section className="panel panel-wide" aria-labelledby="business-title">
      <Steps steps={STEPS} current={0} />
      <h1 id="business-title">Company Type</h1>
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
        }}
      >
        <div className="field">
          <label htmlFor={countryId}>Country of registration</label>
          <select
            id={countryId}
            name="country"
            value={selected?.code ?? ""}
            onChange={(event) => {
              // SPEC §4: changing the country resets the business onboarding data.
              setCode(event.target.value);
              setType(null);
              setTried(false);
            }}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.icon} {country.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field">
          <legend>Legal form</legend>
          {types.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="radio"
                name="type"
                value={option.value}
                checked={chosenType === option.value}
                onChange={() => setType(option.value)}
              />
              {option.label}
            </label>
          ))}
          {tried && chosenType === null ? (
            <p className="field-error" role="alert">
              Field is required
            </p>
          ) : null}
        </fieldset>
        {tried && chosenType !== null ? <UnavailableNotice what="Business onboarding" /> : null}
        <FormActions back="/onboarding/user" submit="Continue" />
      </form>
    </section>
  );
}
