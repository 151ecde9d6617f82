import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../../routing/Link";
import { businessTypesQuery } from "../../../api/businessTypes";
import { ApiError, failureText } from "../../../api/client";
import { allows } from "../../../lib/rights";
import { useApp } from "../../../lib/appContext";
import { printedDay } from "../../../lib/printedDay";
import { usePageQuery } from "../../../lib/usePageQuery";
import { AmountInput } from "../../../ui/AmountInput";
import { Dialog } from "../../../ui/Dialog";
import { Checkbox, TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { RadioCards } from "../../../ui/RadioCards";
import { Select } from "../../../ui/Select";
import { Steps } from "../../../ui/Steps";
import { TOO_SOON } from "../model";
import {
  type BusinessFinances,
  type Holder,
  type MortgageBasic,
  type MortgageView,
  mortgageApi,
  mortgageQuery,
  type PropertyFinances,
} from "../mortgageApi";
import {
  DURATIONS,
  MAX_DIRECTORS,
  MAX_SHAREHOLDERS,
  NATIONAL_STATUSES,
  NOT_READY,
  notReady,
  OCCUPANCY,
} from "../mortgageRules";
import { LoanStatus } from "./LoanStatus";

const STEPS = ["Start", "Your business", "Finances"];
const durations = DURATIONS.map((d) => ({ value: d, label: d }));

/** SPEC §2 Mortgage: start, basic, finance, status (`?step=` names the step). The status shows
 * while an application is with the lender or SPEC §8's three months have not passed. */
export function MortgagePage() {
  const { data, error, isPending } = useQuery(mortgageQuery());
  const { step } = usePageQuery();
  let body: ReactNode = null;
  if (error) {
    body = (
      <Notice tone="warning" title="Not available">
        {error instanceof ApiError ? error.message : "Something went wrong"}
      </Notice>
    );
  } else if (!isPending) {
    const application = data.application;
    if (application && (application.redirectUri !== null || data.nextApplicationFrom)) {
      body = (
        <>
          <LoanStatus application={application} />
          {data.nextApplicationFrom ? (
            <Notice tone="info" title="Applying again">
              {TOO_SOON} You can apply again from {printedDay(data.nextApplicationFrom)}.
            </Notice>
          ) : null}
        </>
      );
    } else if (step === "basic") body = <BasicStep view={data} />;
    else if (step === "finance") body = <FinanceStep view={data} />;
    else body = <StartStep view={data} />;
  }
  return (
    <section className="panel panel-wide mortgage" aria-labelledby="mortgage-title">
      <h1 id="mortgage-title">Mortgage</h1>
      {body}
    </section>
  );
}

function StartStep({ view }: { view: MortgageView }) {
  const started = view.basic !== null;
  const mayApply = allows(useApp().session, "loan", "rw");
  return (
    <>
      <Steps steps={STEPS} current={0} />
      <h2>A commercial mortgage for your business's premises</h2>
      <ul className="merchant-points">
        <li>Buy the property you work from, or one to let.</li>
        <li>Tell us about the business, then its finances and the property's.</li>
        <li>Save as you go: each part is kept until you submit.</li>
      </ul>
      {mayApply ? (
        <Link className="button button-primary" to="/mortgage?step=basic">
          {started ? "Continue your application" : "Start"}
        </Link>
      ) : (
        <p className="muted">Your Account Owner can apply for the business.</p>
      )}
    </>
  );
}

const blankHolder = (): Holder => ({ name: "", numberOfShares: null });

function HolderList({
  legend,
  name,
  max,
  holders,
  errors,
  onChange,
}: {
  legend: string;
  name: "directors" | "shareholders";
  max: number;
  holders: Holder[];
  errors: Record<string, string>;
  onChange: (holders: Holder[]) => void;
}) {
  const set = (index: number, patch: Partial<Holder>) =>
    onChange(holders.map((holder, i) => (i === index ? { ...holder, ...patch } : holder)));
  return (
    <fieldset className="holders">
      <legend>{legend}</legend>
      {errors[name] ? (
        <p className="field-error" role="alert">
          {errors[name]}
        </p>
      ) : null}
      {holders.map((holder, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div className="holder-row" key={index}>
          <TextField
            label="Full name"
            name={`${name}.${index}.name`}
            value={holder.name}
            error={errors[`${name}.${index}.name`]}
            onChange={(event) => set(index, { name: event.target.value })}
          />
          <TextField
            label="Shares"
            name={`${name}.${index}.numberOfShares`}
            inputMode="numeric"
            value={
              holder.numberOfShares === null || holder.numberOfShares === undefined
                ? ""
                : String(holder.numberOfShares)
            }
            error={errors[`${name}.${index}.numberOfShares`]}
            onChange={(event) => {
              const text = event.target.value.replace(/\D/g, "");
              set(index, { numberOfShares: text === "" ? null : Number(text) });
            }}
          />
          <button
            type="button"
            className="button button-quiet"
            onClick={() => onChange(holders.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      {holders.length < max ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => onChange([...holders, blankHolder()])}
        >
          Add {name === "directors" ? "a director" : "a shareholder"}
        </button>
      ) : (
        <p className="muted">Up to {max}.</p>
      )}
    </fieldset>
  );
}

function BasicStep({ view }: { view: MortgageView }) {
  const start: MortgageBasic = view.basic ?? {
    ...view.prefill,
    directors: [{ name: view.prefill.name ?? "", numberOfShares: null }],
    shareholders: [],
  };
  const [basic, setBasic] = useState<MortgageBasic>(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const client = useQueryClient();
  const navigate = useNavigate();
  const set = (patch: Partial<MortgageBasic>) => setBasic((current) => ({ ...current, ...patch }));
  // SPEC §4: going back from basic with data asks first.
  const hasData = view.basic !== null || JSON.stringify(basic) !== JSON.stringify(start);

  const save = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const saved = await mortgageApi.saveBasic(basic);
      client.setQueryData(mortgageQuery().queryKey, saved);
      navigate("/mortgage?step=finance");
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) setErrors(caught.fields);
      else setFailure(failureText(caught));
    }
  };

  return (
    <>
      <Steps steps={STEPS} current={1} />
      <form
        className="loan-form"
        noValidate
        aria-labelledby="basic-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id="basic-title">Your business</h2>
        <RadioCards
          legend="Your national status"
          name="nationalStatus"
          value={basic.nationalStatus ?? ""}
          error={errors.nationalStatus}
          onChange={(nationalStatus) => set({ nationalStatus })}
          options={NATIONAL_STATUSES.map((s) => ({ value: s, label: s }))}
          columns
        />
        <Select
          label="How long have you been a director?"
          name="periodAsDirector"
          value={basic.periodAsDirector ?? ""}
          error={errors.periodAsDirector}
          placeholder="Choose a period"
          onChange={(periodAsDirector) => set({ periodAsDirector })}
          options={durations}
        />
        <TextField
          label="Your full name"
          name="name"
          value={basic.name ?? ""}
          error={errors.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <TextField
          label="Company name"
          name="companyName"
          value={basic.companyName ?? ""}
          error={errors.companyName}
          onChange={(event) => set({ companyName: event.target.value })}
        />
        <TextField
          label="Company number"
          name="companyNumber"
          value={basic.companyNumber ?? ""}
          error={errors.companyNumber}
          onChange={(event) => set({ companyNumber: event.target.value })}
        />
        <HolderList
          legend="Directors"
          name="directors"
          max={MAX_DIRECTORS}
          holders={basic.directors ?? []}
          errors={errors}
          onChange={(directors) => set({ directors })}
        />
        <HolderList
          legend="Shareholders"
          name="shareholders"
          max={MAX_SHAREHOLDERS}
          holders={basic.shareholders ?? []}
          errors={errors}
          onChange={(shareholders) => set({ shareholders })}
        />
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button button-quiet"
            onClick={() => (hasData ? setLeaving(true) : navigate("/mortgage"))}
          >
            Back
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            Save and continue
          </button>
        </div>
      </form>
      <Dialog open={leaving} title="Leave this step?" role="alertdialog" onClose={() => setLeaving(false)}>
        <p>What you saved stays with us, so you can come back to it. Changes you have not saved are lost.</p>
        <div className="form-actions">
          <button type="button" className="button button-quiet" onClick={() => setLeaving(false)}>
            Stay
          </button>
          <button type="button" className="button button-primary" onClick={() => navigate("/mortgage")}>
            Leave
          </button>
        </div>
      </Dialog>
    </>
  );
}

const emptyBusiness: BusinessFinances = {
  reason: "",
  borrowAmount: "",
  operationPeriod: "",
  pastThreeYearsNetProfit: "",
  hasOtherAccounts: false,
  otherAccounts: [],
  industry: "",
};

const emptyProperty: PropertyFinances = {
  occupancyIntent: "",
  cost: "",
  rentalIncome: "",
  borrowAmount: "",
  description: "",
  address: "",
  operationPeriod: "",
  pastThreeYearsNetProfit: "",
  hasOtherAccounts: false,
  otherAccounts: [],
};

/** A part of the finance step, saved on its own; it tells the step whether it has unsaved edits. */
function usePart<T>(saved: T | null | undefined, empty: T) {
  const [value, setValue] = useState<T>(saved ?? empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const edited = JSON.stringify(value) !== JSON.stringify(saved ?? empty);
  return {
    value,
    setValue,
    errors,
    setErrors,
    busy,
    setBusy,
    edited,
    saved: saved !== null && saved !== undefined,
  };
}

function OtherAccounts({
  has,
  accounts,
  errors,
  onChange,
}: {
  has: boolean;
  accounts: { account?: string }[];
  errors: Record<string, string>;
  onChange: (has: boolean, accounts: { account: string }[]) => void;
}) {
  const list = accounts.map((a) => ({ account: a.account ?? "" }));
  return (
    <>
      <Checkbox
        name="hasOtherAccounts"
        checked={has}
        label="The business has accounts with other banks"
        onChange={(event) =>
          onChange(event.target.checked, event.target.checked && list.length === 0 ? [{ account: "" }] : list)
        }
      />
      {has ? (
        <>
          {errors.otherAccounts ? (
            <p className="field-error" role="alert">
              {errors.otherAccounts}
            </p>
          ) : null}
          {list.map((other, index) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              key={index}
              label={`Other account ${index + 1} (bank and account number)`}
              name={`otherAccounts.${index}.account`}
              value={other.account}
              error={errors[`otherAccounts.${index}.account`]}
              onChange={(event) =>
                onChange(
                  has,
                  list.map((a, i) => (i === index ? { account: event.target.value } : a)),
                )
              }
            />
          ))}
          <button
            type="button"
            className="button button-quiet"
            onClick={() => onChange(has, [...list, { account: "" }])}
          >
            Add another account
          </button>
        </>
      ) : null}
    </>
  );
}

function FinanceStep({ view }: { view: MortgageView }) {
  const industries = useQuery(businessTypesQuery()).data ?? [];
  const business = usePart<BusinessFinances>(view.businessFinances, emptyBusiness);
  const property = usePart<PropertyFinances>(view.propertyFinances, emptyProperty);
  const [share, setShare] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const b = business.value;
  const p = property.value;
  const setB = (patch: Partial<BusinessFinances>) => business.setValue((c) => ({ ...c, ...patch }));
  const setP = (patch: Partial<PropertyFinances>) => property.setValue((c) => ({ ...c, ...patch }));

  const save = async (part: "business" | "property") => {
    const target = part === "business" ? business : property;
    target.setBusy(true);
    target.setErrors({});
    setProblem(null);
    try {
      const saved =
        part === "business" ? await mortgageApi.saveBusiness(b) : await mortgageApi.saveProperty(p);
      client.setQueryData(mortgageQuery().queryKey, saved);
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0)
        target.setErrors(caught.fields);
      else setProblem(failureText(caught));
    } finally {
      target.setBusy(false);
    }
  };

  const submit = async () => {
    const why = notReady(business.saved, property.saved, business.edited || property.edited);
    if (why) {
      setProblem(NOT_READY[why]);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const applied = await mortgageApi.submit(share);
      await client.invalidateQueries({ queryKey: mortgageQuery().queryKey });
      if (applied.redirectUri) window.location.assign(applied.redirectUri);
      else setBusy(false);
    } catch (caught) {
      setBusy(false);
      setProblem(failureText(caught));
    }
  };

  return (
    <>
      <Steps steps={STEPS} current={2} />
      <form
        className="loan-form"
        noValidate
        aria-labelledby="business-finances-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save("business");
        }}
      >
        <h2 id="business-finances-title">The business's finances</h2>
        <TextField
          label="Why does the business need the mortgage?"
          name="reason"
          value={b.reason ?? ""}
          error={business.errors.reason}
          onChange={(event) => setB({ reason: event.target.value })}
        />
        <AmountInput
          label="How much does the business need to borrow?"
          name="business.borrowAmount"
          currency="GBP"
          value={b.borrowAmount ?? ""}
          error={business.errors.borrowAmount}
          onChange={(borrowAmount) => setB({ borrowAmount })}
        />
        <Select
          label="How long has the business operated?"
          name="business.operationPeriod"
          value={b.operationPeriod ?? ""}
          error={business.errors.operationPeriod}
          placeholder="Choose a period"
          onChange={(operationPeriod) => setB({ operationPeriod })}
          options={durations}
        />
        <TextField
          label="Net profit over the past three years (GBP; a loss with a minus)"
          name="business.pastThreeYearsNetProfit"
          inputMode="decimal"
          value={b.pastThreeYearsNetProfit ?? ""}
          error={business.errors.pastThreeYearsNetProfit}
          onChange={(event) => setB({ pastThreeYearsNetProfit: event.target.value })}
        />
        <Select
          label="Industry"
          name="industry"
          value={b.industry ?? ""}
          error={business.errors.industry}
          placeholder="Select industry type"
          onChange={(industry) => setB({ industry })}
          options={industries.map((c) => ({ value: c.value, label: c.label }))}
        />
        <OtherAccounts
          has={b.hasOtherAccounts ?? false}
          accounts={b.otherAccounts ?? []}
          errors={business.errors}
          onChange={(hasOtherAccounts, otherAccounts) => setB({ hasOtherAccounts, otherAccounts })}
        />
        <div className="form-actions">
          <span className="muted" role="status">
            {business.edited ? "Not saved yet" : business.saved ? "Saved" : ""}
          </span>
          <button type="submit" className="button button-secondary" disabled={business.busy}>
            Save the business's finances
          </button>
        </div>
      </form>

      <form
        className="loan-form"
        noValidate
        aria-labelledby="property-finances-title"
        onSubmit={(event) => {
          event.preventDefault();
          void save("property");
        }}
      >
        <h2 id="property-finances-title">The property's finances</h2>
        <RadioCards
          legend="What will the business do with it?"
          name="occupancyIntent"
          value={p.occupancyIntent ?? ""}
          error={property.errors.occupancyIntent}
          onChange={(occupancyIntent) => setP({ occupancyIntent })}
          options={OCCUPANCY.map((o) => ({ value: o, label: o }))}
          columns
        />
        <AmountInput
          label="What does the property cost?"
          name="cost"
          currency="GBP"
          value={p.cost ?? ""}
          error={property.errors.cost}
          onChange={(cost) => setP({ cost })}
        />
        <AmountInput
          label="How much to borrow for it?"
          name="property.borrowAmount"
          currency="GBP"
          value={p.borrowAmount ?? ""}
          error={property.errors.borrowAmount}
          onChange={(borrowAmount) => setP({ borrowAmount })}
        />
        {p.occupancyIntent === OCCUPANCY[1] ? (
          <AmountInput
            label="Rent it will bring in a month"
            name="rentalIncome"
            currency="GBP"
            value={p.rentalIncome ?? ""}
            error={property.errors.rentalIncome}
            onChange={(rentalIncome) => setP({ rentalIncome })}
          />
        ) : null}
        <TextField
          label="The property's address"
          name="address"
          value={p.address ?? ""}
          error={property.errors.address}
          onChange={(event) => setP({ address: event.target.value })}
        />
        <TextField
          label="Describe the property"
          name="description"
          value={p.description ?? ""}
          error={property.errors.description}
          onChange={(event) => setP({ description: event.target.value })}
        />
        <Select
          label="How long has the business operated?"
          name="property.operationPeriod"
          value={p.operationPeriod ?? ""}
          error={property.errors.operationPeriod}
          placeholder="Choose a period"
          onChange={(operationPeriod) => setP({ operationPeriod })}
          options={durations}
        />
        <TextField
          label="Net profit over the past three years (GBP; a loss with a minus)"
          name="property.pastThreeYearsNetProfit"
          inputMode="decimal"
          value={p.pastThreeYearsNetProfit ?? ""}
          error={property.errors.pastThreeYearsNetProfit}
          onChange={(event) => setP({ pastThreeYearsNetProfit: event.target.value })}
        />
        <OtherAccounts
          has={p.hasOtherAccounts ?? false}
          accounts={p.otherAccounts ?? []}
          errors={property.errors}
          onChange={(hasOtherAccounts, otherAccounts) => setP({ hasOtherAccounts, otherAccounts })}
        />
        <div className="form-actions">
          <span className="muted" role="status">
            {property.edited ? "Not saved yet" : property.saved ? "Saved" : ""}
          </span>
          <button type="submit" className="button button-secondary" disabled={property.busy}>
            Save the property's finances
          </button>
        </div>
      </form>

      <div className="loan-form">
        <Checkbox
          name="shareData"
          checked={share}
          onChange={(event) => setShare(event.target.checked)}
          label="Share what we know about the business with the lender"
          hint="Its registered details, its directors, and the money into its GBP account in each of the last 12 months."
        />
        {problem ? (
          <p className="notice notice-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="form-actions">
          <Link to="/mortgage?step=basic" className="button button-quiet">
            Back
          </Link>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void submit()}
          >
            Submit the application
          </button>
        </div>
      </div>
    </>
  );
}
