import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError, failureText } from "../../../api/client";
import { isoDay, londonDay } from "../../../lib/format";
import { usePageQuery } from "../../../lib/usePageQuery";
import { AmountInput } from "../../../ui/AmountInput";
import { DatePicker } from "../../../ui/DatePicker";
import { Checkbox, TextField, useHydrated } from "../../../ui/fields";
import { Money } from "../../../ui/Money";
import { EmptyState, Notice } from "../../../ui/Notice";
import { RadioCards } from "../../../ui/RadioCards";
import { Select } from "../../../ui/Select";
import { Steps } from "../../../ui/Steps";
import { toasts } from "../../../ui/toasts";
import {
  type Invoice,
  type InvoiceDocument,
  invoiceQuery,
  invoicesApi,
  nextNumberQuery,
  type Partner,
  partnersQuery,
} from "../api";
import {
  checkDraft,
  dueAfter,
  emptyItem,
  fromInvoice,
  fromPosted,
  type InvoiceDraft,
  type ItemDraft,
  newDraft,
  shown,
  toBody,
} from "../model";
import { InvoiceSheet } from "./InvoiceSheet";

/** SPEC §2 Invoice creation: select (or add) the client, the invoice's data, the preview. */
const STEPS = ["Client", "Invoice details", "Preview"] as const;

/** SPEC §2 invoice/new (optional cId) and a draft's /invoice/edit/{invoiceId}. */
export function InvoiceNewPage() {
  const { invoiceId } = useParams();
  const query = usePageQuery();
  const partners = useSuspenseQuery(partnersQuery()).data.results;
  if (invoiceId) return <EditDraft id={invoiceId} partners={partners} />;
  const partner = partners.find((p) => p.id === (query.partnerId || query.cId));
  if (!partner) return <ChooseClient partners={partners} />;
  return <NewInvoice key={partner.id} partner={partner} partners={partners} />;
}

function ChooseClient({ partners }: { partners: Partner[] }) {
  return (
    <section className="panel panel-wide invoices" aria-labelledby="invoice-new-title">
      <h1 id="invoice-new-title">New invoice</h1>
      <Steps steps={STEPS} current={0} />
      <h2>Who are you billing?</h2>
      {partners.length === 0 ? (
        <EmptyState title="No contractors or clients yet">
          <p>Add the client you bill; their details go on the invoice.</p>
        </EmptyState>
      ) : (
        <ul className="partner-choices" aria-label="Contractors and clients">
          {partners.map((partner) => (
            <li key={partner.id}>
              <Link to={`/invoice/new?cId=${partner.id}`} className="partner-choice">
                <span className="avatar" aria-hidden="true">
                  {partner.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="partner-text">
                  <strong>{partner.name}</strong>
                  <span className="muted">
                    {partner.email} · {partner.currency}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/invoice/contractors/new?next=invoice" className="button button-secondary">
        Add a new contractor/client
      </Link>
    </section>
  );
}

function NewInvoice({ partner, partners }: { partner: Partner; partners: Partner[] }) {
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results.filter((a) => a.status !== "closed");
  const number = useSuspenseQuery(nextNumberQuery()).data.number;
  const today = isoDay(londonDay(new Date()));
  return (
    <InvoiceForm
      path="/invoice/new"
      initial={newDraft(today, number, partner, accounts)}
      partners={partners}
      accounts={accounts}
    />
  );
}

function EditDraft({ id, partners }: { id: string; partners: Partner[] }) {
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results.filter((a) => a.status !== "closed");
  const invoice: Invoice = useSuspenseQuery(invoiceQuery(id)).data;
  if (invoice.status !== "draft")
    return (
      <Notice tone="info" title="This invoice was sent">
        <p>
          A sent invoice is not changed. <Link to={`/invoice/view/${id}`}>Open it</Link> to send it again or
          correct it with a credit note.
        </p>
      </Notice>
    );
  return (
    <InvoiceForm
      path={`/invoice/edit/${id}`}
      id={id}
      initial={fromInvoice(invoice)}
      partners={partners}
      accounts={accounts}
    />
  );
}

interface Account {
  id: string;
  currency: string;
  name?: string | null;
  iban?: string | null;
}

function InvoiceForm({
  path,
  id,
  initial,
  partners,
  accounts,
}: {
  path: string;
  id?: string;
  initial: InvoiceDraft;
  partners: Partner[];
  accounts: Account[];
}) {
  const query = usePageQuery();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [draft, setDraft] = useState<InvoiceDraft>(() => fromPosted(query, initial));
  // A refused plain post names its first failing field with the server's message.
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    query.errorField && query.errorText ? { [query.errorField]: query.errorText } : {},
  );
  const [failure, setFailure] = useState<string | null>(
    query.error && !query.errorField ? "The invoice was not saved. Please try again." : null,
  );
  const [document, setDocument] = useState<InvoiceDocument | null>(null);
  const [totals, setTotals] = useState<InvoiceDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const partner = partners.find((p) => p.id === draft.partnerId);
  const currency = accounts.find((a) => a.id === draft.bankAccountId)?.currency ?? "GBP";

  // The figures are the server's (domain/invoices/totals.rs): asked for as the form changes.
  useEffect(() => {
    if (Object.keys(checkDraft(draft)).length > 0) {
      setTotals(null);
      return;
    }
    const timer = setTimeout(() => {
      invoicesApi
        .preview(toBody(draft, id))
        .then((answer) => setTotals(answer.document ?? null))
        .catch(() => setTotals(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [draft, id]);

  const set = (patch: Partial<InvoiceDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    setDraft((current) => ({
      ...current,
      items: current.items.map((item, i) => (i === index ? { ...item, ...patch } : item)),
    }));

  const refused = (caught: unknown) => {
    if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
      setErrors(caught.fields);
      setDocument(null);
    } else setFailure(failureText(caught));
  };

  const checked = (): boolean => {
    const found = checkDraft(draft);
    setErrors(found);
    setFailure(null);
    return Object.keys(found).length === 0;
  };

  const preview = async () => {
    if (!checked()) return;
    setBusy(true);
    try {
      const answer = await invoicesApi.preview(toBody(draft, id));
      setDocument(answer.document ?? null);
    } catch (caught) {
      refused(caught);
    } finally {
      setBusy(false);
    }
  };

  const save = async (send: boolean) => {
    if (!checked()) return;
    setBusy(true);
    try {
      const saved = await invoicesApi.save(toBody(draft, id));
      if (send && partner) await invoicesApi.send(saved.id, [{ email: partner.email, enabled: true }]);
      await client.invalidateQueries({ queryKey: ["invoices"] });
      await client.invalidateQueries({ queryKey: ["invoice-number"] });
      await client.invalidateQueries({ queryKey: ["invoice", saved.id] });
      await client.invalidateQueries({ queryKey: ["invoice-document", saved.id] });
      if (send) toasts.show(`${saved.number} sent to ${partner?.email ?? "your client"}`);
      navigate(`/invoice/view/${saved.id}${send ? "" : "?saved=1"}`);
    } catch (caught) {
      setBusy(false);
      refused(caught);
    }
  };

  if (document) {
    return (
      <section className="panel panel-wide invoices" aria-labelledby="invoice-new-title">
        <h1 id="invoice-new-title">{id ? `Edit ${draft.number}` : "New invoice"}</h1>
        <Steps steps={STEPS} current={2} />
        <InvoiceSheet document={document} />
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        {partner ? (
          <p className="muted">
            Sending emails it to {partner.email} with the PDF and the e-invoice. A sent invoice is not changed
            again.
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button button-quiet" onClick={() => setDocument(null)}>
            Back
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void save(false)}
          >
            Save draft
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void save(true)}
          >
            Send invoice
          </button>
        </div>
      </section>
    );
  }

  const itemError = (index: number, field: keyof ItemDraft) => errors[`items[${index}].${field}`];
  const maybe = (error: string | undefined) => (error ? { error } : {});

  return (
    <section className="panel panel-wide invoices" aria-labelledby="invoice-new-title">
      <h1 id="invoice-new-title">{id ? `Edit ${draft.number}` : "New invoice"}</h1>
      <Steps steps={STEPS} current={1} />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <form
        method="post"
        action={path}
        noValidate
        className="invoice-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
      >
        {/* Enter in a field saves, as the form's first submit button, not "Add item" below. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <div className="invoice-client">
          <span className="muted">Billing</span>
          <strong>{partner?.name ?? "No client chosen"}</strong>
          {partner ? <span className="muted">{partner.email}</span> : null}
          {id ? null : <Link to="/invoice/new">Change</Link>}
          <input type="hidden" name="partnerId" value={draft.partnerId} />
          {errors.partnerId ? <p className="field-error">{errors.partnerId}</p> : null}
        </div>
        <div className="invoice-grid">
          <TextField
            label="Invoice number"
            name="number"
            value={draft.number}
            onChange={(event) => set({ number: event.target.value })}
            {...maybe(errors.number)}
          />
          <Select
            label="Paid into"
            name="bankAccountId"
            value={draft.bankAccountId}
            onChange={(bankAccountId) => set({ bankAccountId })}
            error={errors.bankAccountId}
            options={accounts.map((a) => ({
              value: a.id,
              label: `${a.currency} account${a.iban ? ` · ${a.iban.slice(-4)}` : ""}`,
            }))}
          />
          <DatePicker
            label="Issue date"
            name="issueDate"
            value={draft.issueDate}
            error={errors.issueDate}
            onChange={(issueDate) =>
              set({
                issueDate,
                // The due date follows the issue date while it is still the default.
                ...(draft.dueDate === dueAfter(draft.issueDate) && issueDate
                  ? { dueDate: dueAfter(issueDate) }
                  : {}),
              })
            }
          />
          <DatePicker
            label="Due date"
            name="dueDate"
            value={draft.dueDate}
            error={errors.dueDate}
            onChange={(dueDate) => set({ dueDate })}
          />
        </div>
        <fieldset className="invoice-items-edit">
          <legend>Items</legend>
          {errors.items ? <p className="field-error">{errors.items}</p> : null}
          {draft.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by their position
            <fieldset key={index} className="invoice-item">
              <legend>{`Item ${index + 1}`}</legend>
              <TextField
                label="Description"
                name={`items.${index}.description`}
                value={item.description}
                onChange={(event) => setItem(index, { description: event.target.value })}
                {...maybe(itemError(index, "description"))}
              />
              <DatePicker
                label="Period from (optional)"
                name={`items.${index}.periodFrom`}
                value={item.periodFrom}
                error={itemError(index, "periodFrom")}
                onChange={(periodFrom) => setItem(index, { periodFrom })}
              />
              <DatePicker
                label="Period to (optional)"
                name={`items.${index}.periodTo`}
                value={item.periodTo}
                error={itemError(index, "periodTo")}
                onChange={(periodTo) => setItem(index, { periodTo })}
              />
              <AmountInput
                label="Hours"
                name={`items.${index}.quantityHours`}
                value={item.quantityHours}
                currency=""
                error={itemError(index, "quantityHours")}
                onChange={(quantityHours) => setItem(index, { quantityHours })}
              />
              <AmountInput
                label="Price per hour"
                name={`items.${index}.price`}
                value={item.price}
                currency={currency}
                error={itemError(index, "price")}
                onChange={(price) => setItem(index, { price })}
              />
              {draft.items.length > 1 ? (
                <button
                  type="button"
                  className="button button-quiet"
                  aria-label={`Remove item ${index + 1}`}
                  onClick={() => set({ items: draft.items.filter((_, i) => i !== index) })}
                >
                  Remove
                </button>
              ) : null}
            </fieldset>
          ))}
          <input type="hidden" name="rows" value={draft.items.length} />
          <button
            type="submit"
            name="addItem"
            value="1"
            className="button button-secondary"
            onClick={(event) => {
              // After hydration a row is added here; before it, the post answers with one more.
              event.preventDefault();
              set({ items: [...draft.items, emptyItem()] });
            }}
          >
            Add item
          </button>
        </fieldset>
        <fieldset className="invoice-adjust">
          <legend>Discount and VAT</legend>
          <Checkbox
            label="Apply a discount"
            name="isDiscountApplied"
            value="true"
            checked={draft.isDiscountApplied}
            onChange={(event) => set({ isDiscountApplied: event.target.checked })}
          />
          {draft.isDiscountApplied || !hydrated ? (
            <>
              <RadioCards
                legend="Discount as"
                name="discountType"
                value={draft.discountType}
                onChange={(kind) => set({ discountType: kind === "percent" ? "percent" : "fixed-amount" })}
                options={[
                  { value: "fixed-amount", label: "An amount" },
                  { value: "percent", label: "A percentage" },
                ]}
                columns
              />
              <AmountInput
                label={draft.discountType === "percent" ? "Discount (%)" : "Discount"}
                name="discount"
                value={draft.discount}
                currency={draft.discountType === "percent" ? "" : currency}
                error={errors.discount}
                onChange={(discount) => set({ discount })}
              />
            </>
          ) : null}
          <Checkbox
            label="Charge VAT"
            name="isVatApplied"
            value="true"
            checked={draft.isVatApplied}
            onChange={(event) => set({ isVatApplied: event.target.checked })}
          />
          {draft.isVatApplied || !hydrated ? (
            <TextField
              label="VAT rate (%)"
              name="vatAmount"
              inputMode="decimal"
              value={draft.vatAmount}
              onChange={(event) => set({ vatAmount: event.target.value })}
              {...maybe(errors.vatAmount)}
            />
          ) : null}
        </fieldset>
        {totals ? (
          <dl className="invoice-totals" aria-live="polite" aria-label="Totals">
            <dt>Subtotal</dt>
            <dd>
              <Money amount={shown(totals.subtotal)} currency={totals.currency} />
            </dd>
            {shown(totals.discount) > 0 ? (
              <>
                <dt>{totals.discountLabel}</dt>
                <dd>
                  <Money amount={-shown(totals.discount)} currency={totals.currency} />
                </dd>
              </>
            ) : null}
            <dt>VAT</dt>
            <dd>
              <Money amount={shown(totals.vat)} currency={totals.currency} />
            </dd>
            <dt className="invoice-total">Total</dt>
            <dd className="invoice-total">
              <Money amount={shown(totals.total)} currency={totals.currency} />
            </dd>
          </dl>
        ) : null}
        <div className="form-actions">
          <Link to={id ? `/invoice/view/${id}` : "/invoice/new"} className="button button-quiet">
            Back
          </Link>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Save draft
          </button>
          {hydrated ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void preview()}
            >
              Preview
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
