import { Checkbox, TextField } from "../../../ui/fields";
import { Select } from "../../../ui/Select";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { refusalOf } from "../../../api/client";
import { londonDay } from "../../../lib/format";
import { birthDateError, padDatePart, REQUIRED } from "../../../lib/validation";
import { FormActions } from "../../../ui/FormActions";
import {
  type AddressMatch,
  countriesQuery,
  REGISTRATION_STEPS,
  signupApi,
  type User,
  userQuery,
} from "../api";
import { Steps, useStepFocus } from "../../../ui/Steps";

// SPEC §3 "Titles".
const TITLES = ["Mr", "Mrs", "Miss", "Ms", "Dr", "Prof", "None"];

type Errors = Record<string, string | undefined>;

/** Steps 3 and 4 of the registration wizard, signed in; it resumes where the person left. */
export function PersonalInfoPage() {
  const { data: user } = useSuspenseQuery(userQuery());
  // Where the person was, on whichever device; else what their data says.
  const kept = user.registrationState;
  const [step, setStep] = useState(
    kept === "personal_address" ? 4 : kept === "personal_details" ? 3 : user.dob ? 4 : 3,
  );
  const go = (next: 3 | 4) => {
    setStep(next);
    void signupApi.keepStep(next === 4 ? "personal_address" : "personal_details");
  };
  const navigate = useNavigate();
  const heading = useStepFocus<HTMLHeadingElement>(step);
  return (
    <section className="panel panel-wide" aria-labelledby="personal-title">
      <Steps steps={REGISTRATION_STEPS} current={step} />
      <h1 id="personal-title" ref={heading} tabIndex={-1}>
        {REGISTRATION_STEPS[step]}
      </h1>
      {step === 3 ? (
        <DetailsStep user={user} onBack={() => navigate("/controller")} onDone={() => go(4)} />
      ) : (
        <AddressStep user={user} onBack={() => go(3)} onDone={() => navigate("/controller")} />
      )}
    </section>
  );
}

function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className="notice notice-error" role="alert">
      {error}
    </p>
  ) : null;
}

function DetailsStep({ user, onBack, onDone }: { user: User; onBack: () => void; onDone: () => void }) {
  const client = useQueryClient();
  const [dobYear = "", dobMonth = "", dobDay = ""] = user.dob?.split("-") ?? [];
  const [values, setValues] = useState({
    title: user.title ?? "",
    name: user.name,
    middlename: user.middleName ?? "",
    surname: user.surname,
    day: dobDay,
    month: dobMonth,
    year: dobYear,
    isPep: user.isPep,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (name: "name" | "middlename" | "surname") => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  const datePart = (name: "day" | "month" | "year") => ({
    name,
    value: values[name],
    inputMode: "numeric" as const,
    maxLength: name === "year" ? 4 : 2,
    onChange: (event: { target: { value: string } }) =>
      setValues({ ...values, [name]: event.target.value.replace(/\D/g, "") }),
    // SPEC §5: single digits are zero-padded.
    onBlur: () => name !== "year" && setValues((v) => ({ ...v, [name]: padDatePart(v[name]) })),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      title: TITLES.includes(values.title) ? undefined : "Title required",
      name: values.name.trim() ? undefined : REQUIRED,
      surname: values.surname.trim() ? undefined : REQUIRED,
      dob: birthDateError(values.day, values.month, values.year, londonDay(new Date())),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const updated = await signupApi.updateUser({
        title: values.title,
        name: values.name,
        middlename: values.middlename,
        surname: values.surname,
        dob: `${values.year}-${padDatePart(values.month)}-${padDatePart(values.day)}`,
        isPep: values.isPep,
      });
      client.setQueryData(userQuery().queryKey, updated);
      onDone();
    } catch (caught) {
      const { fields, message } = refusalOf(caught);
      setErrors(fields);
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Select
        label="Title"
        name="title"
        value={values.title}
        placeholder="Select title"
        error={errors.title}
        onChange={(title) => setValues({ ...values, title })}
        options={TITLES.map((title) => ({ value: title, label: title }))}
      />
      <TextField label="Name" autoComplete="given-name" {...text("name")} />
      <TextField label="Middle name (optional)" autoComplete="additional-name" {...text("middlename")} />
      <TextField label="Surname" autoComplete="family-name" {...text("surname")} />
      <fieldset className={errors.dob ? "field field-invalid date-parts" : "field date-parts"}>
        <legend>Date of birth</legend>
        <p className="field-hint">DD/MM/YYYY</p>
        <div className="date-inputs">
          <input aria-label="Day" placeholder="DD" autoComplete="bday-day" {...datePart("day")} />
          <input aria-label="Month" placeholder="MM" autoComplete="bday-month" {...datePart("month")} />
          <input aria-label="Year" placeholder="YYYY" autoComplete="bday-year" {...datePart("year")} />
        </div>
        {errors.dob ? (
          <p className="field-error" role="alert">
            {errors.dob}
          </p>
        ) : null}
      </fieldset>
      <Checkbox
        name="isPep"
        checked={values.isPep}
        onChange={(event) => setValues({ ...values, isPep: event.target.checked })}
        label="I am a politically exposed person (or a family member or close associate of one)"
      />
      <ErrorLine error={error} />
      <FormActions back={onBack} submit="Continue" busy={busy} />
    </form>
  );
}

// SPEC §5: the search runs at 5-10 postcode characters, 300 ms after typing stops.
function useAddressSearch(postcode: string, enabled: boolean) {
  const [debounced, setDebounced] = useState(postcode);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(postcode), 300);
    return () => clearTimeout(timer);
  }, [postcode]);
  const length = debounced.trim().length;
  return useQuery({
    queryKey: ["address-search", debounced.trim().toUpperCase()],
    queryFn: () => signupApi.searchAddresses(debounced.trim()),
    enabled: enabled && length >= 5 && length <= 10,
    staleTime: 5 * 60_000,
  });
}

function AddressStep({ user, onBack, onDone }: { user: User; onBack: () => void; onDone: () => void }) {
  const client = useQueryClient();
  const { data: countries = [] } = useQuery(countriesQuery());
  const [values, setValues] = useState({
    country: user.country ?? "GB",
    postcode: user.postcode ?? "",
    city: user.city ?? "",
    region: user.region ?? "",
    address1: user.address1 ?? "",
    buildingNumber: user.buildingNumber ?? "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = useAddressSearch(values.postcode, values.country === "GB");
  const text = (name: "postcode" | "city" | "region" | "address1" | "buildingNumber") => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  const choose = (match: AddressMatch) =>
    setValues({
      ...values,
      postcode: match.postalCode,
      city: match.city,
      address1: match.addressLine1,
      buildingNumber: match.buildingNumber,
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      country: values.country ? undefined : "Select country",
      postcode: values.postcode.trim() ? undefined : REQUIRED,
      city: values.city.trim() ? undefined : REQUIRED,
      address1: values.address1.trim() ? undefined : REQUIRED,
      // SPEC §5: the building number is mandatory for GB only.
      buildingNumber: values.country === "GB" && !values.buildingNumber.trim() ? REQUIRED : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const updated = await signupApi.updateUser(values);
      client.setQueryData(userQuery().queryKey, updated);
      await client.invalidateQueries({ queryKey: ["kyc-status"] });
      onDone();
    } catch (caught) {
      const { fields, message } = refusalOf(caught);
      setErrors(fields);
      setError(message);
      setBusy(false);
    }
  };

  const matches = search.data?.results ?? [];
  return (
    <form method="post" onSubmit={submit} noValidate>
      <Select
        label="Country"
        name="country"
        value={values.country}
        error={errors.country}
        onChange={(country) => setValues({ ...values, country })}
        options={
          countries.length === 0
            ? [{ value: values.country, label: values.country }]
            : countries.map((country) => ({
                value: country.code,
                label: country.name,
                country: country.code,
              }))
        }
      />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        hint={values.country === "GB" ? "Type your postcode to find your address" : undefined}
        {...text("postcode")}
      />
      {matches.length > 0 ? (
        <Select
          label="Choose your address"
          name="addressMatch"
          value=""
          placeholder={`${matches.length} addresses found`}
          onChange={(address) => {
            const match = matches.find((m) => m.address === address);
            if (match) choose(match);
          }}
          options={matches.map((match) => ({ value: match.address, label: match.address }))}
        />
      ) : null}
      <TextField
        label={values.country === "GB" ? "Building number" : "Building number (optional)"}
        {...text("buildingNumber")}
      />
      <TextField label="Street" autoComplete="address-line1" {...text("address1")} />
      <TextField label="City" autoComplete="address-level2" {...text("city")} />
      <TextField label="Region (optional)" autoComplete="address-level1" {...text("region")} />
      <ErrorLine error={error} />
      <FormActions back={onBack} submit="Continue" busy={busy} />
    </form>
  );
}
