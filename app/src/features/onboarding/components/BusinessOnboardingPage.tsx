import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, failureText } from "../../../api/client";
import { emailError, REQUIRED } from "../../../lib/validation";
import { FormActions } from "../../../ui/FormActions";
import { TextField } from "../../../ui/TextField";
import {
  accountUsageQuery,
  type BusinessData,
  businessTypesQuery,
  countriesQuery,
  onboardingApi,
  onboardingQuery,
} from "../api";
import {
  decodeMulti,
  multiError,
  phoneError,
  registrationNumberError,
  urlError,
  vatError,
} from "../businessRules";
import { CompanySearch } from "./business/CompanySearch";
import { type Errors, MultiChoice, SelectField } from "./business/fields";
import { Steps } from "../../../ui/Steps";

// SPEC §2 "Business onboarding wizard".
const STEPS = [
  "Company Type",
  "Company Details",
  "Business Details",
  "Business Address",
  "Activity Type",
] as const;

type Key = keyof BusinessData;

function need(errors: Errors, data: BusinessData, keys: Key[]) {
  for (const key of keys) if (!String(data[key] ?? "").trim()) errors[key] = REQUIRED;
}

/** The browser's check of a step, before it is sent (the server checks again). */
function check(step: number, data: BusinessData): Errors {
  const errors: Errors = {};
  const d = (key: Key) => String(data[key] ?? "");
  if (step === 0) need(errors, data, ["country", "type"]);
  if (step === 1) {
    need(errors, data, ["name", "incorporation_date"]);
    errors.number = registrationNumberError(d("number"));
    errors.email = emailError(d("email")) ?? undefined;
    errors.telephone = phoneError(d("telephone"));
  }
  if (step === 2) {
    need(errors, data, [
      "business_size",
      "monthly_incoming_transaction_count",
      "monthly_incoming_transaction_volume",
      "monthly_outgoing_transaction_count",
      "monthly_outgoing_transaction_volume",
    ]);
    if (!d("business_type")) errors.business_type = "Select industry type";
    errors.website = urlError(d("website"));
    errors.vat_number = vatError(d("vat_number"), d("country"));
  }
  if (step === 3) {
    need(errors, data, ["legal_address_1", "legal_city", "legal_postcode"]);
    if (d("country") === "GB") need(errors, data, ["legal_building_number"]);
    if (!data.actual_same_as_legal) {
      need(errors, data, ["actual_address_1", "actual_city", "actual_postcode", "actual_country"]);
      if (d("actual_country") === "GB") need(errors, data, ["actual_building_number"]);
    }
  }
  if (step === 4) {
    for (const key of [
      "sourceOfFunds",
      "purposeDescription",
      "sendingCounterparties",
      "receivingCounterparties",
      "sendingCountries",
      "receivingCountries",
    ] as const)
      errors[key] = multiError(decodeMulti(d(key)));
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
}

export function BusinessOnboardingPage() {
  const { data: saved } = useSuspenseQuery(onboardingQuery());
  const countries = useQuery(countriesQuery()).data ?? [];
  const usage = useQuery(accountUsageQuery()).data;
  const industries = useQuery(businessTypesQuery()).data ?? [];
  const client = useQueryClient();
  const navigate = useNavigate();
  const fallback = countries.find((c) => c.default)?.code ?? "GB";
  const [data, setData] = useState<BusinessData>({ ...saved.data, country: saved.data.country || fallback });
  const [step, setStep] = useState(Math.min(saved.step, STEPS.length));
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const country = countries.find((c) => c.code === data.country);
  const types = country?.companyTypes ?? [];
  // SPEC §4: a single company type is preselected.
  const kind = data.type || (types.length === 1 ? (types[0]?.value ?? "") : "");
  const set = (patch: Partial<BusinessData>) => setData((current) => ({ ...current, ...patch }));
  const text = (
    key: Key,
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

  const next = async () => {
    const current = { ...data, type: kind, legal_country: data.legal_country || data.country };
    const found = check(step, current);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    if (step === 0 && country && !country.isSupported) {
      setBlocked(country.name);
      return;
    }
    setBusy(true);
    try {
      const reply = await onboardingApi.save(step, current);
      client.setQueryData(onboardingQuery().queryKey, reply);
      setData({ ...reply.data });
      setStep(reply.step);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "country_not_supported")
        setBlocked(country?.name ?? data.country ?? "");
      else if (caught instanceof ApiError && caught.status < 500) {
        setErrors(caught.fields);
        if (Object.keys(caught.fields).length === 0) setError(caught.message);
      } else setError("Something went wrong");
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onboardingApi.submit();
      await client.invalidateQueries();
      navigate("/controller");
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  };

  if (blocked !== null) {
    // SPEC §4: an unsupported country blocks the flow; back returns to the company type.
    return (
      <section className="panel panel-wide" aria-labelledby="business-title">
        <h1 id="business-title">Country not supported</h1>
        <p className="notice notice-error" role="alert">
          We cannot open accounts for companies registered in {blocked} yet.
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            setBlocked(null);
            set({ country: fallback, type: "" });
            setStep(0);
          }}
        >
          Back to company type
        </button>
      </section>
    );
  }

  const title = step < STEPS.length ? STEPS[step] : "Check and submit";
  const supported = countries.filter((c) => c.isSupported);
  return (
    <section className="panel panel-wide" aria-labelledby="business-title">
      <Steps steps={STEPS} current={step} />
      <h1 id="business-title">{title}</h1>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (step < STEPS.length ? next() : submit());
        }}
      >
        {step === 0 ? (
          <>
            <SelectField
              label="Country of registration"
              name="country"
              value={data.country ?? ""}
              choices={countries.map((c) => ({ value: c.code, label: `${c.icon} ${c.name}` }))}
              error={errors.country}
              onChange={(code) => {
                // SPEC §4: changing the country resets the business onboarding data.
                setData({ country: code, type: "" });
                setErrors({});
              }}
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
        ) : null}
        {step === 1 ? (
          <>
            {data.country === "GB" ? (
              <CompanySearch
                onChoose={(company) =>
                  set({
                    name: company.name,
                    number: company.number,
                    incorporation_date: company.incorporationDate ?? "",
                    legal_address_1: company.address.address1,
                    legal_building_number: company.address.buildingNumber ?? "",
                    legal_city: company.address.city,
                    legal_postcode: company.address.postcode,
                    legal_region: company.address.region ?? "",
                    legal_country: "GB",
                  })
                }
              />
            ) : null}
            <TextField {...text("name", "Company name")} autoComplete="organization" />
            <TextField {...text("number", "Registration number")} />
            <TextField {...text("incorporation_date", "Date of incorporation", { type: "date" })} />
            <TextField {...text("email", "Company email", { type: "email" })} />
            <TextField
              {...text("telephone", "Company phone", {
                type: "tel",
                hint: "With the country code, e.g. +44 20 7946 0000",
              })}
            />
          </>
        ) : null}
        {step === 2 ? (
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
            {(
              [
                ["monthly_incoming_transaction_count", "Payments in per month", usage?.transactionCount],
                [
                  "monthly_incoming_transaction_volume",
                  "Money in per month",
                  data.country === "GB" ? usage?.transactionVolumeGbp : usage?.transactionVolumeEur,
                ],
                ["monthly_outgoing_transaction_count", "Payments out per month", usage?.transactionCount],
                [
                  "monthly_outgoing_transaction_volume",
                  "Money out per month",
                  data.country === "GB" ? usage?.transactionVolumeGbp : usage?.transactionVolumeEur,
                ],
              ] as const
            ).map(([key, label, choices]) => (
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
        ) : null}
        {step === 3 ? (
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
            <label className="choice">
              <input
                type="checkbox"
                name="actual_same_as_legal"
                checked={data.actual_same_as_legal ?? false}
                onChange={(event) => set({ actual_same_as_legal: event.target.checked })}
              />
              The trading address is the registered address
            </label>
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
                  choices={supported.map((c) => ({ value: c.code, label: c.name }))}
                  error={errors.actual_country}
                  onChange={(v) => set({ actual_country: v })}
                />
              </>
            )}
          </>
        ) : null}
        {step === 4 ? (
          <>
            <MultiChoice
              legend="Source of funds"
              name="sourceOfFunds"
              value={data.sourceOfFunds ?? ""}
              choices={usage?.sourceOfFunds ?? []}
              error={errors.sourceOfFunds}
              onChange={(v) => set({ sourceOfFunds: v })}
            />
            <MultiChoice
              legend="Purpose of opening the account"
              name="purposeDescription"
              value={data.purposeDescription ?? ""}
              choices={usage?.purposeDescription ?? []}
              error={errors.purposeDescription}
              onChange={(v) => set({ purposeDescription: v })}
            />
            <MultiChoice
              legend="Who will send you money"
              name="sendingCounterparties"
              value={data.sendingCounterparties ?? ""}
              choices={usage?.sendingCounterparties ?? []}
              error={errors.sendingCounterparties}
              onChange={(v) => set({ sendingCounterparties: v })}
            />
            <MultiChoice
              legend="Who you will pay"
              name="receivingCounterparties"
              value={data.receivingCounterparties ?? ""}
              choices={usage?.receivingCounterparties ?? []}
              error={errors.receivingCounterparties}
              onChange={(v) => set({ receivingCounterparties: v })}
            />
            <MultiChoice
              legend="Countries money comes from"
              name="sendingCountries"
              value={data.sendingCountries ?? ""}
              choices={countries.map((c) => ({ value: c.code, label: c.name }))}
              error={errors.sendingCountries}
              onChange={(v) => set({ sendingCountries: v })}
            />
            <MultiChoice
              legend="Countries you pay to"
              name="receivingCountries"
              value={data.receivingCountries ?? ""}
              choices={countries.map((c) => ({ value: c.code, label: c.name }))}
              error={errors.receivingCountries}
              onChange={(v) => set({ receivingCountries: v })}
            />
          </>
        ) : null}
        {step === STEPS.length ? (
          <dl className="summary">
            <dt>Company</dt>
            <dd>{data.name}</dd>
            <dt>Registration number</dt>
            <dd>{data.number}</dd>
            <dt>Registered address</dt>
            <dd>
              {[data.legal_building_number, data.legal_address_1, data.legal_city, data.legal_postcode]
                .filter(Boolean)
                .join(", ")}
            </dd>
          </dl>
        ) : null}
        <FormActions
          back={step === 0 ? "/controller" : () => setStep(step - 1)}
          submit={step < STEPS.length ? "Continue" : "Submit"}
          busy={busy}
        />
      </form>
    </section>
  );
}
