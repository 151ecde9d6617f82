import { useBankLookup } from "../useBankLookup";
import { RadioCards } from "../../../ui/RadioCards";
import { Select } from "../../../ui/Select";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { paysTransactions } from "../../../lib/rights";
import { Redirect } from "../../../routing/Redirect";
import { featuresQuery, isOn } from "../../../api/features";
import { FormActions } from "../../../ui/FormActions";
import { worldCountries } from "../../../lib/worldCountries";
import { TextField } from "../../../ui/fields";
import {
  type PayeeCheck,
  type Recipient,
  type RecipientBody,
  recipientsApi,
  recipientsQuery,
  type Scheme,
  transfersApi,
} from "../api";
import { PayeeCheckPanel } from "./transfer/PayeeCheckPanel";
import {
  bicError,
  ibanError,
  isAccountNumber,
  referenceError,
  routingCodeError,
  sortCodeError,
  swiftAccountError,
  ukAccountNumberError,
} from "../rules";

type Errors = Record<string, string | undefined>;

const SCHEME_LABELS: Record<Scheme, string> = { local: "UK Local Transfer", sepa: "SEPA", swift: "SWIFT" };

interface Form {
  scheme: Scheme;
  type: "private" | "company";
  name: string;
  alias: string;
  iban: string;
  ukSortCode: string;
  ukAccountNumber: string;
  bic: string;
  routingCode: string;
  reference: string;
  currency: string;
  country: string;
  address1: string;
  buildingNumber: string;
  city: string;
  postcode: string;
  region: string;
}

function fromRecipient(r: Recipient): Form {
  const a = r.swiftAddress;
  return {
    scheme: r.scheme,
    type: r.type,
    name: r.name,
    alias: r.alias ?? "",
    iban: r.iban ?? "",
    ukSortCode: r.ukSortCode ?? "",
    ukAccountNumber: r.ukAccountNumber ?? "",
    bic: r.bic ?? "",
    routingCode: r.routingCode ?? "",
    reference: r.reference ?? "",
    currency: r.currency,
    country: a?.country ?? "",
    address1: a?.address1 ?? "",
    buildingNumber: a?.buildingNumber ?? "",
    city: a?.city ?? "",
    postcode: a?.postcode ?? "",
    region: a?.region ?? "",
  };
}

function check(form: Form): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = "Field is required";
  errors.reference = referenceError(form.reference, form.scheme);
  if (form.scheme === "local") {
    errors.ukSortCode = sortCodeError(form.ukSortCode);
    errors.ukAccountNumber = ukAccountNumberError(form.ukAccountNumber);
  } else {
    errors.bic = bicError(form.bic);
    errors.iban = form.scheme === "sepa" ? ibanError(form.iban) : swiftAccountError(form.iban);
  }
  if (form.scheme === "swift") {
    errors.routingCode = routingCodeError(form.routingCode, isAccountNumber(form.iban));
    for (const key of ["country", "address1", "buildingNumber", "city"] as const)
      if (!form[key].trim()) errors[`swiftAddress.${key}`] = "Field is required";
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
}

function body(form: Form, id: string | undefined): RecipientBody {
  return {
    ...(id ? { id } : {}),
    scheme: form.scheme,
    type: form.type,
    name: form.name,
    alias: form.alias,
    iban: form.iban,
    ukSortCode: form.ukSortCode,
    ukAccountNumber: form.ukAccountNumber,
    bic: form.bic,
    routingCode: form.routingCode,
    reference: form.reference,
    currency: (form.scheme === "local"
      ? "GBP"
      : form.scheme === "sepa"
        ? "EUR"
        : form.currency) as RecipientBody["currency"],
    swiftAddress: {
      country: form.country,
      address1: form.address1,
      buildingNumber: form.buildingNumber,
      city: form.city,
      postcode: form.postcode,
      region: form.region,
    },
  };
}

/** SPEC §2 recipients/create and recipients/edit/{recipientId}: for those who may pay. */
export function RecipientFormPage() {
  const { session } = useApp();
  return paysTransactions(session) ? <RecipientForm /> : <Redirect to="/recipients" />;
}

function RecipientForm() {
  const { session } = useApp();
  const { recipientId } = useParams();
  const { data: list } = useSuspenseQuery(recipientsQuery());
  // The payment types and currencies follow the accounts: the form waits for them.
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results;
  const currencies = [...new Set(accounts.filter((a) => a.status !== "closed").map((a) => a.currency))];
  // SPEC §1: SWIFT only while the swiftAllowed flag is on (the server refuses it otherwise too).
  const swiftAllowed = isOn(useQuery(featuresQuery()).data, "swiftAllowed");
  const editing = recipientId ? list.results.find((r) => r.id === recipientId) : undefined;
  // SPEC §2: UK Local Transfer only with a GBP account (the default when the primary is GBP),
  // otherwise SEPA or SWIFT.
  const schemes: Scheme[] = [
    ...(currencies.includes("GBP") ? (["local"] as const) : []),
    ...(currencies.includes("EUR") ? (["sepa"] as const) : []),
    ...(swiftAllowed ? (["swift"] as const) : []),
  ];
  const fallback: Scheme =
    session.primaryCurrency === "GBP" && schemes.includes("local") ? "local" : (schemes[0] ?? "swift");
  const [form, setForm] = useState<Form>(() =>
    editing
      ? fromRecipient(editing)
      : {
          scheme: fallback,
          type: "company",
          name: "",
          alias: "",
          iban: "",
          ukSortCode: "",
          ukAccountNumber: "",
          bic: "",
          routingCode: "",
          reference: "",
          currency: currencies[0] ?? "GBP",
          country: "",
          address1: "",
          buildingNumber: "",
          city: "",
          postcode: "",
          region: "",
        },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Confirmation of Payee for a UK recipient: checked on save; an answer that needs the payer's
  // word holds the save until they give it (the transfer is checked again when it is sent).
  const [payeeCheck, setPayeeCheck] = useState<PayeeCheck | null>(null);
  const [accepted, setAccepted] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const iban = form.iban;
  const scheme = form.scheme;

  const bankName = useBankLookup(iban, scheme, (bic) =>
    setForm((current) => (current.bic ? current : { ...current, bic })),
  );

  if (recipientId && !editing) return <Redirect to="/recipients" />;

  const set = (patch: Partial<Form>) => {
    if (["name", "type", "ukSortCode", "ukAccountNumber", "scheme"].some((key) => key in patch)) {
      setPayeeCheck(null);
      setAccepted(false);
    }
    setForm((current) => ({ ...current, ...patch }));
  };
  const field = (key: keyof Form, label: string, extra: { hint?: string; inputMode?: "numeric" } = {}) => ({
    label,
    name: key,
    value: String(form[key]),
    error: errors[key] ?? errors[`swiftAddress.${key}`],
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value }),
    ...extra,
  });

  const save = async () => {
    const found = check(form);
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (form.scheme === "local") {
        const check =
          payeeCheck ??
          (await transfersApi
            .checkPayee({
              name: form.name,
              type: form.type,
              ukSortCode: form.ukSortCode,
              ukAccountNumber: form.ukAccountNumber,
            })
            .catch(() => null));
        setPayeeCheck(check);
        if (check?.needsConsent && !accepted) {
          setBusy(false);
          return;
        }
      }
      const saved = await recipientsApi.save(body(form, editing?.id));
      await client.invalidateQueries({ queryKey: recipientsQuery().queryKey });
      navigate("/recipients", { state: { notice: saved.message } });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status < 500) {
        setErrors(caught.fields);
        if (Object.keys(caught.fields).length === 0) setError(caught.message);
      } else setError("Something went wrong");
      setBusy(false);
    }
  };

  return (
    <section className="panel panel-wide" aria-labelledby="recipient-title">
      <h1 id="recipient-title">{editing ? "Edit recipient" : "Add recipient"}</h1>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <RadioCards
          legend="Payment type"
          name="scheme"
          value={form.scheme}
          error={errors.scheme}
          onChange={(option) => {
            set({ scheme: option as Scheme });
            setErrors({});
          }}
          options={schemes.map((option) => ({ value: option, label: SCHEME_LABELS[option] }))}
          columns
        />
        <RadioCards
          legend="Recipient is"
          name="type"
          value={form.type}
          onChange={(kind) => set({ type: kind === "company" ? "company" : "private" })}
          options={[
            { value: "company", label: "A company" },
            { value: "private", label: "A private person" },
          ]}
          columns
        />
        <TextField {...field("name", form.type === "company" ? "Company name" : "Full name")} />
        <TextField {...field("alias", "Recipient Template Name")} />
        {form.scheme === "local" ? (
          <>
            <TextField {...field("ukSortCode", "Sort code", { inputMode: "numeric" })} />
            <TextField {...field("ukAccountNumber", "Account number", { inputMode: "numeric" })} />
          </>
        ) : (
          <>
            <TextField
              {...field("iban", form.scheme === "swift" ? "IBAN or account number" : "IBAN", {
                hint:
                  form.scheme === "swift"
                    ? "Provide IBAN or account number; routing number required with account number"
                    : (bankName ?? undefined),
              })}
            />
            {form.scheme === "swift" && bankName ? <p className="field-hint">{bankName}</p> : null}
            <TextField {...field("bic", "BIC/SWIFT code")} />
          </>
        )}
        {form.scheme === "swift" ? (
          <>
            <TextField {...field("routingCode", "Routing code", { inputMode: "numeric" })} />
            <Select
              label="Currency"
              name="currency"
              value={form.currency}
              onChange={(currency) => set({ currency })}
              options={currencies.map((currency) => ({ value: currency, label: currency }))}
            />
            <h2>Recipient's address</h2>
            <Select
              label="Country"
              name="country"
              value={form.country}
              placeholder="Choose a country"
              error={errors.country ?? errors["swiftAddress.country"]}
              onChange={(country) => set({ country })}
              options={worldCountries()}
            />
            <TextField {...field("address1", "Street")} />
            <TextField {...field("buildingNumber", "Building number")} />
            <TextField {...field("city", "Town or city")} />
            <TextField {...field("postcode", "Postcode (optional)")} />
            <TextField {...field("region", "Region (optional)")} />
          </>
        ) : null}
        <TextField {...field("reference", "Default reference (optional)")} />
        {payeeCheck && payeeCheck.result !== "match" ? (
          <PayeeCheckPanel
            check={payeeCheck}
            accepted={accepted}
            onAccept={setAccepted}
            onUseName={(name) => set({ name })}
            busy={busy}
          />
        ) : null}
        <FormActions back="/recipients" submit="Save" busy={busy} />
      </form>
    </section>
  );
}
