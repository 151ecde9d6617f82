import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useReducer } from "react";
import { useNavigate } from "react-router";
import { ApiError, failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { FormActions } from "../../../ui/FormActions";
import { focusFirstError, Steps, useStepFocus } from "../../../ui/Steps";
import {
  accountUsageQuery,
  type BusinessData,
  businessTypesQuery,
  countriesQuery,
  onboardingApi,
  onboardingQuery,
} from "../api";
import { BUSINESS_STEPS, checkStep, startWizard, wizardReducer } from "../businessWizard";
import { mayGoBack } from "../controller";
import { useStepBack } from "./StepBack";
import { ActivityStep } from "./business/ActivityStep";
import { AddressStep } from "./business/AddressStep";
import { BusinessDetailsStep } from "./business/BusinessDetailsStep";
import { CompanyDetailsStep } from "./business/CompanyDetailsStep";
import { CompanyTypeStep } from "./business/CompanyTypeStep";

/** SPEC §2 "Business onboarding wizard": its state in `wizardReducer`, its calls here, a component per step. */
export function BusinessOnboardingPage() {
  const { data: saved } = useSuspenseQuery(onboardingQuery());
  const countries = useQuery(countriesQuery()).data ?? [];
  const usage = useQuery(accountUsageQuery()).data;
  const industries = useQuery(businessTypesQuery()).data ?? [];
  const client = useQueryClient();
  const navigate = useNavigate();
  const { session } = useApp();
  const stepBack = useStepBack();
  const fallback = countries.find((c) => c.default)?.code ?? "GB";
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => startWizard(saved, fallback));
  const { data, step, errors } = state;

  const country = countries.find((c) => c.code === data.country);
  const types = country?.companyTypes ?? [];
  // SPEC §4: a single company type is preselected.
  const kind = data.type || (types.length === 1 ? (types[0]?.value ?? "") : "");
  const set = (patch: Partial<BusinessData>) => dispatch({ type: "edited", patch });
  const stepProps = { data, errors, set };
  const heading = useStepFocus<HTMLHeadingElement>(step);

  const next = async () => {
    const current = { ...data, type: kind, legal_country: data.legal_country || data.country };
    const found = checkStep(step, current);
    dispatch({ type: "checked", errors: found });
    if (Object.keys(found).length > 0) {
      focusFirstError();
      return;
    }
    if (step === 0 && country && !country.isSupported) {
      dispatch({ type: "blocked", country: country.name });
      return;
    }
    dispatch({ type: "started" });
    try {
      const reply = await onboardingApi.save(step, current);
      client.setQueryData(onboardingQuery().queryKey, reply);
      dispatch({ type: "saved", data: reply.data, step: reply.step });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "country_not_supported")
        dispatch({ type: "blocked", country: country?.name ?? data.country ?? "" });
      else if (caught instanceof ApiError && caught.status < 500) {
        const named = Object.keys(caught.fields).length > 0;
        dispatch({ type: "refused", errors: caught.fields, error: named ? null : caught.message });
        if (named) focusFirstError();
      } else dispatch({ type: "refused", error: "Something went wrong" });
    }
  };

  const submit = async () => {
    dispatch({ type: "started" });
    try {
      await onboardingApi.submit();
      await client.invalidateQueries();
      navigate("/controller");
    } catch (caught) {
      dispatch({ type: "refused", error: failureText(caught) });
    }
  };

  if (state.blocked !== null) {
    // SPEC §4: an unsupported country blocks the flow; back returns to the company type.
    return (
      <section className="panel panel-wide" aria-labelledby="business-title">
        <h1 id="business-title">Country not supported</h1>
        <p className="notice notice-error" role="alert">
          We cannot open accounts for companies registered in {state.blocked} yet.
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => dispatch({ type: "unblocked", fallbackCountry: fallback })}
        >
          Back to company type
        </button>
      </section>
    );
  }

  const title = step < BUSINESS_STEPS.length ? BUSINESS_STEPS[step] : "Check and submit";
  return (
    <section className="panel panel-wide" aria-labelledby="business-title">
      <Steps steps={BUSINESS_STEPS} current={step} />
      <h1 id="business-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {state.error || stepBack.error ? (
        <p className="notice notice-error" role="alert">
          {state.error ?? stepBack.error}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (step < BUSINESS_STEPS.length ? next() : submit());
        }}
      >
        {step === 0 ? (
          <CompanyTypeStep
            {...stepProps}
            countries={countries}
            kind={kind}
            onCountry={(code) => dispatch({ type: "countryChosen", country: code })}
          />
        ) : null}
        {step === 1 ? <CompanyDetailsStep {...stepProps} /> : null}
        {step === 2 ? <BusinessDetailsStep {...stepProps} industries={industries} usage={usage} /> : null}
        {step === 3 ? <AddressStep {...stepProps} countries={countries} /> : null}
        {step === 4 ? <ActivityStep {...stepProps} usage={usage} countries={countries} /> : null}
        {step === BUSINESS_STEPS.length ? (
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
          back={
            step > 0
              ? () => dispatch({ type: "steppedBack" })
              : mayGoBack(session.onboardingFlow, "business")
                ? () => void stepBack.go()
                : "/controller"
          }
          submit={step < BUSINESS_STEPS.length ? "Continue" : "Submit"}
          busy={state.busy}
        />
      </form>
    </section>
  );
}
