import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { ApiError, failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { formatDate } from "../../../lib/format";
import { allows } from "../../../lib/rights";
import { usePageQuery } from "../../../lib/usePageQuery";
import { AmountInput } from "../../../ui/AmountInput";
import { Checkbox, TextField } from "../../../ui/fields";
import { Money } from "../../../ui/Money";
import { Notice } from "../../../ui/Notice";
import { RadioCards } from "../../../ui/RadioCards";
import { StatusChip } from "../../../ui/StatusChip";
import { toasts } from "../../../ui/toasts";
import {
  eInvoiceUrl,
  type EmailEntry,
  type Invoice,
  invoiceQuery,
  invoicesApi,
  pdfUrl,
  savedDocumentQuery,
} from "../api";
import { shown, statusOf, printedDay } from "../model";
import { InvoiceSheet } from "./InvoiceSheet";

/** Who the invoice goes to (SPEC §3 email entries): the client's address, ticked, and any other. */
function Recipients({
  entries,
  onChange,
  error,
}: {
  entries: EmailEntry[];
  onChange: (entries: EmailEntry[]) => void;
  error: string | undefined;
}) {
  const [extra, setExtra] = useState("");
  return (
    <fieldset className="email-entries">
      <legend>Send to</legend>
      {entries.map((entry, index) => (
        <Checkbox
          key={entry.email}
          label={entry.email}
          checked={entry.enabled}
          onChange={(event) =>
            onChange(entries.map((e, i) => (i === index ? { ...e, enabled: event.target.checked } : e)))
          }
        />
      ))}
      <div className="email-add">
        <TextField
          label="Another email"
          name="email"
          type="email"
          value={extra}
          onChange={(event) => setExtra(event.target.value)}
          {...(error ? { error } : {})}
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={!extra.includes("@")}
          onClick={() => {
            onChange([...entries, { email: extra.trim(), enabled: true }]);
            setExtra("");
          }}
        >
          Add
        </button>
      </div>
    </fieldset>
  );
}

function SendForm({ invoice, again }: { invoice: Invoice; again: boolean }) {
  const client = useQueryClient();
  const [entries, setEntries] = useState<EmailEntry[]>(
    invoice.partner?.email ? [{ email: invoice.partner.email, enabled: true }] : [],
  );
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await invoicesApi.send(invoice.id, entries, again);
      const to = entries
        .filter((e) => e.enabled)
        .map((e) => e.email)
        .join(", ");
      toasts.show(`${invoice.number} sent to ${to}`);
      await client.invalidateQueries({ queryKey: ["invoice", invoice.id] });
      await client.invalidateQueries({ queryKey: ["invoice-document", invoice.id] });
      await client.invalidateQueries({ queryKey: ["invoices"] });
    } catch (caught) {
      setError(
        caught instanceof ApiError && Object.keys(caught.fields).length > 0
          ? Object.values(caught.fields)[0]
          : failureText(caught),
      );
    } finally {
      setBusy(false);
    }
  };
  const form = (
    <form
      className={again ? undefined : "invoice-send"}
      aria-label={again ? "Send again" : "Send the invoice"}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {again ? null : <h2>Send to your client</h2>}
      <p className="muted">
        {again
          ? "The same invoice, exactly as first sent."
          : "We email the PDF and the e-invoice. A sent invoice is not changed again: a credit note corrects it."}
      </p>
      <Recipients entries={entries} onChange={setEntries} error={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Sending…" : again ? "Send again" : "Send invoice"}
      </button>
    </form>
  );
  return again ? (
    <details className="invoice-credit">
      <summary>Send again</summary>
      {form}
    </details>
  ) : (
    form
  );
}

function CreditNoteForm({ invoice }: { invoice: Invoice }) {
  const client = useQueryClient();
  const [whole, setWhole] = useState(true);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const entries: EmailEntry[] = invoice.partner?.email
    ? [{ email: invoice.partner.email, enabled: true }]
    : [];
  const make = async () => {
    setBusy(true);
    setErrors({});
    try {
      await invoicesApi.creditNote(invoice.id, whole ? "" : amount, whole ? "" : reason, entries);
      toasts.show(`Credit note sent to ${invoice.partner?.email ?? "your client"}`);
      await client.invalidateQueries({ queryKey: ["invoice", invoice.id] });
      await client.invalidateQueries({ queryKey: ["invoices"] });
      setAmount("");
      setReason("");
    } catch (caught) {
      setErrors(
        caught instanceof ApiError && Object.keys(caught.fields).length > 0
          ? caught.fields
          : { form: failureText(caught) },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="invoice-credit">
      <summary>Correct with a credit note</summary>
      <form
        aria-label="Credit note"
        onSubmit={(event) => {
          event.preventDefault();
          void make();
        }}
      >
        <RadioCards
          legend="Credit"
          name="whole"
          value={whole ? "all" : "part"}
          onChange={(choice) => setWhole(choice === "all")}
          options={[
            { value: "all", label: "All of what is left" },
            { value: "part", label: "Part of it" },
          ]}
          columns
        />
        {whole ? null : (
          <>
            <AmountInput
              label="Amount before VAT"
              name="amount"
              value={amount}
              currency={invoice.currency}
              error={errors.amount}
              onChange={setAmount}
            />
            <TextField
              label="What it is for"
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...(errors.reason ? { error: errors.reason } : {})}
            />
          </>
        )}
        {errors.form || (whole && errors.amount) ? (
          <Notice tone="error">{errors.form ?? errors.amount}</Notice>
        ) : null}
        <button type="submit" className="button button-secondary" disabled={busy}>
          Make and send the credit note
        </button>
      </form>
    </details>
  );
}

function Standing({ invoice }: { invoice: Invoice }) {
  const sent = invoice.sent;
  if (!sent) return null;
  const money = (text: string) => <Money amount={shown(text)} currency={invoice.currency} />;
  return (
    <section className="invoice-standing" aria-label="Payments">
      <dl className="invoice-facts">
        <dt>Reference to quote</dt>
        <dd>{sent.reference}</dd>
        <dt>Paid</dt>
        <dd>{money(sent.paid)}</dd>
        {shown(sent.credited) > 0 ? (
          <>
            <dt>Credited</dt>
            <dd>{money(sent.credited)}</dd>
          </>
        ) : null}
        <dt>Left to pay</dt>
        <dd>{money(sent.left)}</dd>
      </dl>
      {sent.payments.length > 0 ? (
        <>
          <h2>Payments received</h2>
          <ul className="invoice-payments">
            {sent.payments.map((payment) => (
              <li key={payment.transactionId}>
                <Link to={`/dashboard?account=${invoice.bankAccountId}&txn=${payment.transactionId}`}>
                  {money(payment.amount)} on {formatDate(new Date(payment.createdAt).toISOString())}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {sent.creditNotes.length > 0 ? (
        <>
          <h2>Credit notes</h2>
          <ul className="invoice-payments">
            {sent.creditNotes.map((note) => (
              <li key={note.id}>
                <a href={pdfUrl(note.id)} download>
                  {note.number} of {printedDay(note.issueDate)}: {money(note.total)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** An invoice: where it stands, what came in for it, its documents, and what can be done with
 * it (a draft is changed, deleted or sent; a sent one sent again or credited). */
export function InvoiceViewPage() {
  const { invoiceId = "" } = useParams();
  const { session } = useApp();
  const query = usePageQuery();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: invoice } = useSuspenseQuery(invoiceQuery(invoiceId));
  const { data: preview } = useSuspenseQuery(savedDocumentQuery(invoiceId));
  const canWrite = allows(session, "invoice", "rw");
  const status = statusOf(invoice);
  const draft = invoice.status === "draft";

  const remove = async () => {
    if (!window.confirm(`Delete draft ${invoice.number}?`)) return;
    try {
      await invoicesApi.remove(invoice.id);
      await client.invalidateQueries({ queryKey: ["invoices"] });
      navigate("/invoice/list");
    } catch (caught) {
      toasts.show(failureText(caught));
    }
  };

  return (
    <section aria-labelledby="invoice-title" className="invoices invoice-view">
      <div className="page-head">
        <h1 id="invoice-title">
          {invoice.number} <StatusChip tone={status.tone}>{status.label}</StatusChip>
        </h1>
        <Link to="/invoice/list" className="button button-quiet">
          All invoices
        </Link>
      </div>
      {query.saved ? <Notice tone="success">Draft saved. Check it below, then send it.</Notice> : null}
      <p className="invoice-summary">
        <span>{invoice.partner?.name}</span>
        <Money amount={shown(invoice.totals.total)} currency={invoice.currency} />
        <span className="muted">due {printedDay(invoice.dueDate)}</span>
      </p>
      <Standing invoice={invoice} />
      <div className="invoice-actions">
        <a href={pdfUrl(invoice.id)} className="button button-secondary" download>
          Download PDF
        </a>
        {draft ? null : (
          <a href={eInvoiceUrl(invoice.id)} className="button button-secondary" download>
            Download e-invoice (UBL)
          </a>
        )}
        {draft && canWrite ? (
          <>
            <Link to={`/invoice/edit/${invoice.id}`} className="button button-secondary">
              Edit
            </Link>
            <button type="button" className="button button-quiet" onClick={() => void remove()}>
              Delete draft
            </button>
          </>
        ) : null}
      </div>
      {canWrite ? <SendForm key={invoice.status} invoice={invoice} again={!draft} /> : null}
      {canWrite && !draft ? <CreditNoteForm invoice={invoice} /> : null}
      {preview.document ? <InvoiceSheet document={preview.document} /> : null}
    </section>
  );
}
