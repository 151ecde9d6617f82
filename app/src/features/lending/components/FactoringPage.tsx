import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, failureText } from "../../../api/client";
import { allows } from "../../../lib/rights";
import { useApp } from "../../../lib/appContext";
import { formatMoney } from "../../../lib/format";
import { printedDay } from "../../../lib/printedDay";
import { Checkbox } from "../../../ui/fields";
import { EmptyState, Notice } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { factoringInvoicesQuery, lendingApi, loanApplicationsQuery } from "../api";
import { toneOf } from "../model";
import { LoanStatus } from "./LoanStatus";

const gbp = (amount: number) => formatMoney(amount, "GBP");

/** SPEC §2 factoring: finance sent, unpaid invoices due at least 7 days ahead (issue 30
 * point 5); each application then follows the loan states. */
export function FactoringPage() {
  const applications = useQuery(loanApplicationsQuery("factoring"));
  const invoices = useQuery(factoringInvoicesQuery());
  const error = applications.error ?? invoices.error;
  const list = applications.data?.results ?? [];
  const [latest, ...earlier] = list;
  const mayApply = allows(useApp().session, "factoring", "rw");
  return (
    <section className="panel panel-wide factoring" aria-labelledby="factoring-title">
      <h1 id="factoring-title">Factoring</h1>
      {error ? (
        <Notice tone="warning" title="Not available">
          {error instanceof ApiError ? error.message : "Something went wrong"}
        </Notice>
      ) : applications.isPending || invoices.isPending ? null : (
        <>
          {latest ? <LoanStatus application={latest} /> : null}
          {latest?.invoices.length ? <p className="muted">Invoices: {latest.invoices.join(", ")}</p> : null}
          {mayApply ? <OfferInvoices /> : null}
          {earlier.length > 0 ? (
            <>
              <h2>Earlier applications</h2>
              <ul className="loan-history">
                {earlier.map((application) => (
                  <li key={application.id} className="loan-history-row">
                    <span>
                      {gbp(application.amount)} · {application.invoices.join(", ")} · applied{" "}
                      {printedDay(application.appliedOn)}
                    </span>
                    <StatusChip tone={toneOf(application.status)}>{application.statusLabel}</StatusChip>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function OfferInvoices() {
  const { data } = useQuery(factoringInvoicesQuery());
  const [chosen, setChosen] = useState<string[]>([]);
  const [share, setShare] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  if (!data) return null;
  const picked = data.results.filter((invoice) => chosen.includes(invoice.id));
  const total = picked.reduce((sum, invoice) => sum + Math.round(invoice.outstanding * 100), 0);
  const advance = Math.floor((total * data.advancePercent) / 100);

  const apply = async () => {
    if (picked.length === 0) {
      setFailure("Choose the invoices to finance");
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const applied = await lendingApi.apply({ type: "factoring", invoiceIds: chosen, shareData: share });
      await client.invalidateQueries({ queryKey: ["loan-applications", "factoring"] });
      await client.invalidateQueries({ queryKey: factoringInvoicesQuery().queryKey });
      if (applied.redirectUri) window.location.assign(applied.redirectUri);
      else setBusy(false);
    } catch (caught) {
      setBusy(false);
      setFailure(
        caught instanceof ApiError && caught.fields.invoiceIds
          ? caught.fields.invoiceIds
          : failureText(caught),
      );
    }
  };

  return (
    <form
      className="loan-form"
      noValidate
      aria-labelledby="offer-title"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <h2 id="offer-title">Get paid now for invoices you have sent</h2>
      <p className="muted">
        Unpaid invoices in pounds, due on {printedDay(data.dueFrom)} or later. The lender advances up to{" "}
        {data.advancePercent}% of what is outstanding and collects from your clients.
      </p>
      {data.results.length === 0 ? (
        <EmptyState title="No invoices to finance">
          Invoices you send in pounds, due at least a week from today, show here until they are paid.
        </EmptyState>
      ) : (
        <>
          <fieldset className="factoring-invoices">
            <legend>Invoices to finance</legend>
            {data.results.map((invoice) => (
              <Checkbox
                key={invoice.id}
                name="invoiceIds"
                value={invoice.id}
                checked={chosen.includes(invoice.id)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, invoice.id]
                      : current.filter((id) => id !== invoice.id),
                  )
                }
                label={`${invoice.number} · ${invoice.partnerName} · ${gbp(invoice.outstanding)} · due ${printedDay(invoice.dueDate)}`}
              />
            ))}
          </fieldset>
          <dl className="details" aria-live="polite">
            <dt>Outstanding</dt>
            <dd>{gbp(total / 100)}</dd>
            <dt>Advance up to</dt>
            <dd>{gbp(advance / 100)}</dd>
          </dl>
          <Checkbox
            name="shareData"
            checked={share}
            onChange={(event) => setShare(event.target.checked)}
            label="Share what we know about the business with the lender"
            hint="Its registered details, its directors, and the money into its GBP account in each of the last 12 months."
          />
          {failure ? (
            <p className="notice notice-error" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              Apply for an advance
            </button>
          </div>
        </>
      )}
    </form>
  );
}
