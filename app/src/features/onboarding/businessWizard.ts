// SPEC §2 "Business onboarding wizard": its steps, the browser's check of each before it is sent
// (the server checks again), and one reducer for the wizard's state.
import { emailError, REQUIRED } from "../../lib/validation";
import type { BusinessData } from "./api";
import {
  decodeMulti,
  multiError,
  phoneError,
  registrationNumberError,
  urlError,
  vatError,
} from "./businessRules";

export const BUSINESS_STEPS = [
  "Company Type",
  "Company Details",
  "Business Details",
  "Business Address",
  "Activity Type",
] as const;

export type Errors = Record<string, string | undefined>;
type Key = keyof BusinessData;

function need(errors: Errors, data: BusinessData, keys: Key[]) {
  for (const key of keys) if (!String(data[key] ?? "").trim()) errors[key] = REQUIRED;
}

/** The browser's check of a step, before it is sent (the server checks again). */
export function checkStep(step: number, data: BusinessData): Errors {
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

export interface WizardState {
  data: BusinessData;
  /** 0…4 the steps, 5 the summary before submitting. */
  step: number;
  errors: Errors;
  error: string | null;
  /** SPEC §4: the name of an unsupported country, which blocks the flow. */
  blocked: string | null;
  busy: boolean;
}

export type WizardAction =
  | { type: "edited"; patch: Partial<BusinessData> }
  /** SPEC §4: changing the country resets the business onboarding data. */
  | { type: "countryChosen"; country: string }
  | { type: "checked"; errors: Errors }
  | { type: "blocked"; country: string }
  | { type: "unblocked"; fallbackCountry: string }
  | { type: "started" }
  | { type: "saved"; data: BusinessData; step: number }
  | { type: "refused"; errors?: Errors; error: string | null }
  | { type: "steppedBack" };

export function startWizard(
  saved: { data: BusinessData; step: number },
  fallbackCountry: string,
): WizardState {
  return {
    data: { ...saved.data, country: saved.data.country || fallbackCountry },
    step: Math.min(saved.step, BUSINESS_STEPS.length),
    errors: {},
    error: null,
    blocked: null,
    busy: false,
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "edited":
      return { ...state, data: { ...state.data, ...action.patch } };
    case "countryChosen":
      return { ...state, data: { country: action.country, type: "" }, errors: {} };
    case "checked":
      return { ...state, errors: action.errors, error: null };
    case "blocked":
      return { ...state, blocked: action.country, busy: false };
    case "unblocked":
      // Back returns to the company type, with the default country.
      return {
        ...state,
        blocked: null,
        data: { ...state.data, country: action.fallbackCountry, type: "" },
        step: 0,
      };
    case "started":
      return { ...state, busy: true, error: null };
    case "saved":
      return { ...state, data: { ...action.data }, step: action.step, busy: false };
    case "refused":
      return { ...state, errors: action.errors ?? state.errors, error: action.error, busy: false };
    case "steppedBack":
      return { ...state, step: Math.max(0, state.step - 1) };
  }
}
