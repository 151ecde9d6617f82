import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../../api/client";
import { usePageQuery } from "../../../lib/usePageQuery";
import { worldCountries } from "../../../lib/worldCountries";
import { Redirect } from "../../../routing/Redirect";
import { TextField } from "../../../ui/fields";
import { FormActions } from "../../../ui/FormActions";
import { NoticeDialog } from "../../../ui/NoticeDialog";
import { RadioCards } from "../../../ui/RadioCards";
import { Select } from "../../../ui/Select";
import { type Partner, type PartnerBody, invoicesApi, partnersQuery } from "../api";

const CURRENCIES = ["GBP", "EUR", "USD", "CHF", "ALL"] as const;

type Form = Required<Omit<PartnerBody, "id" | "type" | "currency">> & {
  type: "company" | "private";
  currency: (typeof CURRENCIES)[number];
};

function fromPartner(partner: Partner | undefined): Form {
  return {
    name: partner?.name ?? "",
    type: partner?.type ?? "company",
    registrationNumber: partner?.registrationNumber ?? "",
    currency: partner?.currency ?? "GBP",
    email: partner?.email ?? "",
    vatNumber: partner?.vatNumber ?? "",
    country: partner?.country ?? "GB",
    address1: partner?.address1 ?? "",
    city: partner?.city ?? "",
    postcode: partner?.postcode ?? "",
  };
}

/** SPEC §2 invoice/contractors/new and /edit/{partnerId}. After adding one from the invoice
 * flow (?next=invoice), the new invoice goes on with them. */
export function ContractorFormPage() {
  const { partnerId } = useParams();
  const { data } = useSuspenseQuery(partnersQuery());
  const editing = partnerId ? data.results.find((p) => p.id === partnerId) : undefined;
  if (partnerId && !editing) return <Redirect to="/invoice/contractors" />;
  return <ContractorForm key={partnerId ?? "new"} editing={editing} />;
}

function ContractorForm({ editing }: { editing: Partner | undefined }) {
  const query = usePageQuery();
  const [form, setForm] = useState<Form>(() => fromPartner(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const toInvoice = query.next === "invoice";

  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const field = (key: keyof Form, label: string, extra: { hint?: string; type?: string } = {}) => ({
    label,
    name: key,
    value: String(form[key]),
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set({ [key]: event.target.value }),
    ...extra,
  });

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const saved = await invoicesApi.savePartner({ ...form, ...(editing ? { id: editing.id } : {}) });
      await client.invalidateQueries({ queryKey: partnersQuery().queryKey });
      navigate(toInvoice ? `/invoice/new?cId=${saved.id}` : "/invoice/contractors");
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && caught.code === "partner_name_already_exists") {
        // SPEC §8: a notice dialog with the server's title and message.
        setRefusal({ title: caught.title, message: caught.message });
        setErrors({ name: "Current contractor/client name already in use" });
      } else if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
        setErrors(caught.fields);
      } else {
        setRefusal({
          title: "Not saved",
          message: caught instanceof Error ? caught.message : "Something went wrong",
        });
      }
    }
  };

  return (
    <section className="panel panel-wide" aria-labelledby="contractor-title">
      <h1 id="contractor-title">{editing ? `Edit ${editing.name}` : "New contractor/client"}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <RadioCards
          legend="They are"
          name="type"
          value={form.type}
          onChange={(kind) => set({ type: kind === "private" ? "private" : "company" })}
          options={[
            { value: "company", label: "A company" },
            { value: "private", label: "A private person" },
          ]}
          columns
        />
        <TextField
          {...field("name", form.type === "company" ? "Company name" : "Full name")}
          autoComplete="off"
        />
        {form.type === "company" ? (
          <TextField {...field("registrationNumber", "Registration number (optional)")} />
        ) : null}
        <TextField {...field("email", "Email for invoices", { type: "email" })} />
        <Select
          label="Currency they pay in"
          name="currency"
          value={form.currency}
          error={errors.currency}
          onChange={(currency) => set({ currency: currency as Form["currency"] })}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        />
        <TextField
          {...field("vatNumber", "VAT number (optional)", {
            hint: "With its country prefix, as GB123456789",
          })}
        />
        <h2>Address</h2>
        <Select
          label="Country"
          name="country"
          value={form.country}
          error={errors.country}
          onChange={(country) => set({ country })}
          options={worldCountries()}
        />
        <TextField {...field("address1", "Street and number")} />
        <TextField {...field("city", "Town or city")} />
        <TextField {...field("postcode", "Postcode (optional)")} />
        <FormActions back={toInvoice ? "/invoice/new" : "/invoice/contractors"} submit="Save" busy={busy} />
      </form>
      {refusal ? (
        <NoticeDialog title={refusal.title} message={refusal.message} onClose={() => setRefusal(null)} />
      ) : null}
    </section>
  );
}
