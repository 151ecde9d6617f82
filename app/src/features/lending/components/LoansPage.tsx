import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, failureText } from "../../../api/client";
import { allows } from "../../../lib/rights";
import { useApp } from "../../../lib/appContext";
import { formatMoney } from "../../../lib/format";
import { printedDay } from "../../../lib/printedDay";
import { AmountInput } from "../../../ui/AmountInput";
import { Checkbox } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { Select } from "../../../ui/Select";
import { StatusChip } from "../../../ui/StatusChip";
import { Textarea } from "../../../ui/Textarea";
import { type LoanApplication, lendingApi, loanApplicationsQuery } from "../api";
import { PURPOSES, TERMS, TOO_SOON, toneOf } from "../model";
import { LoanStatus } from "./LoanStatus";

const gbp = (amount: number) => formatMoney(amount, "GBP");

/** SPEC §2 Loan form and status: the latest application's status, the form when another may
 * be made (SPEC §8: three months after the last), and the ones before. */
export function LoansPage() {
  const { data, error, isPending } = useQuery(loanApplicationsQuery());
  return (
    <section className="panel panel-wide loans" aria-labelledby="loans-title">
      <h1 id="loans-title">Business Loans</h1>
      {error ? (
        <Notice tone="warning" title="Not available">
          {error instanceof ApiError ? error.message : "Something went wrong"}
        </Notice>
      ) : isPending ? null : (
        <Loans latest={data.results[0]} earlier={data.results.slice(1)} nextFrom={data.nextApplicationFrom} />
      )}
    </section>
  );
}

function Loans({
  latest,
  earlier,
  nextFrom,
}: {
  latest: LoanApplication | undefined;
  earlier: LoanApplication[];
  nextFrom: string | null;
}) {
  const deciding = latest && latest.redirectUri !== null;
  // Applying needs the loan right's full level (SPEC §6); reading shows the status only.
  const mayApply = allows(useApp().session, "loan", "rw");
  return (
    <>
      {latest ? <LoanStatus application={latest} /> : null}
      {nextFrom ? (
        <Notice tone="info" title="Applying again">
          {TOO_SOON} You can apply again from {printedDay(nextFrom)}.
        </Notice>
      ) : deciding || !mayApply ? null : (
        <LoanForm first={!latest} />
      )}
      {earlier.length > 0 ? (
        <>
          <h2>Earlier applications</h2>
          <ul className="loan-history">
            {earlier.map((application) => (
              <li key={application.id} className="loan-history-row">
                <span>
                  {gbp(application.amount)} · applied {printedDay(application.appliedOn)}
                </span>
                <StatusChip tone={toneOf(application.status)}>{application.statusLabel}</StatusChip>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

interface Form {
  amount: string;
  termMonths: string;
  purpose: string;
  description: string;
  monthlyTurnover: string;
  shareData: boolean;
}

function LoanForm({ first }: { first: boolean }) {
  const [form, setForm] = useState<Form>({
    amount: "",
    termMonths: "",
    purpose: "",
    description: "",
    monthlyTurnover: "",
    shareData: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));

  const apply = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const applied = await lendingApi.apply({
        type: "business",
        amount: form.amount,
        termMonths: form.termMonths ? Number(form.termMonths) : null,
        purpose: form.purpose,
        description: form.description,
        monthlyTurnover: form.monthlyTurnover,
        shareData: form.shareData,
      });
      await client.invalidateQueries({ queryKey: loanApplicationsQuery().queryKey });
      // The lender takes it from here, and sends the person back to this page.
      if (applied.redirectUri) window.location.assign(applied.redirectUri);
      else setBusy(false);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) setErrors(caught.fields);
      else setFailure(failureText(caught));
    }
  };

  return (
    <form
      className="loan-form"
      noValidate
      aria-labelledby="loan-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <h2 id="loan-form-title">{first ? "Apply for a business loan" : "Apply for another loan"}</h2>
      <p className="muted">
        From £1,000 to £500,000, repaid over 3 to 36 months. The lender decides; you see its decision here.
      </p>
      <AmountInput
        label="How much do you need?"
        name="amount"
        currency="GBP"
        value={form.amount}
        error={errors.amount}
        onChange={(amount) => set({ amount })}
      />
      <Select
        label="Over how long"
        name="termMonths"
        value={form.termMonths}
        error={errors.termMonths}
        placeholder="Choose a term"
        onChange={(termMonths) => set({ termMonths })}
        options={TERMS.map((months) => ({ value: String(months), label: `${months} months` }))}
      />
      <Select
        label="What is it for?"
        name="purpose"
        value={form.purpose}
        error={errors.purpose}
        placeholder="Choose a purpose"
        onChange={(purpose) => set({ purpose })}
        options={PURPOSES.map((purpose) => ({ value: purpose, label: purpose }))}
      />
      <Textarea
        label="Tell the lender more (optional)"
        name="description"
        maxLength={500}
        value={form.description}
        error={errors.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <AmountInput
        label="Average monthly turnover"
        name="monthlyTurnover"
        currency="GBP"
        value={form.monthlyTurnover}
        error={errors.monthlyTurnover}
        onChange={(monthlyTurnover) => set({ monthlyTurnover })}
      />
      <Checkbox
        name="shareData"
        checked={form.shareData}
        onChange={(event) => set({ shareData: event.target.checked })}
        label="Share what we know about the business with the lender, so you type nothing twice"
        hint="Its registered details, its directors, and the money into its GBP account in each of the last 12 months. Untick to tell the lender yourself."
      />
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Apply
        </button>
      </div>
    </form>
  );
}
