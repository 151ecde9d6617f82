import { Select } from "../../../ui/Select";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError, type Schemas } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { formatMoney } from "../../../lib/format";
import { paysTransactions } from "../../../lib/rights";
import { parseQuery } from "../../../lib/url";
import { Redirect } from "../../../routing/Redirect";
import { AmountInput } from "../../../ui/AmountInput";
import { NoticeDialog } from "../../../ui/NoticeDialog";
import { transactionQuery } from "../../../api/transactions";
import { featuresQuery, isOn } from "../../../api/features";
import { type ExchangeQuote, type ExchangeResult, exchangeApi, isProblem } from "../api";
import { REFRESH_MS } from "../rateFeed";
import {
  amountProblem,
  convertible,
  type Draft,
  draftFromQuery,
  MESSAGES,
  otherAccount,
  rateInput,
} from "../select";
import { useCountdown, useRateFeed } from "../useRateFeed";

type Account = Schemas["BankAccountView"];

const accountOption = (a: Account) => ({
  value: a.id,
  label: `${a.currency} · ${formatMoney(a.balance.available, a.currency)}`,
});
type Transaction = Schemas["TransactionView"];
type Step = "select" | "approve" | "complete";

const LIMITATION = {
  title: "Currency Exchange Limitation",
  message: "Settlement uses live rates on business days 8:30-17:29 UK time.",
};

/** Refusals the plain form sends back in the address. */
const FORM_ERRORS: Record<string, string> = {
  quote_expired: "The rate has expired. Please check the new rate and convert again.",
  quote_not_found: "The rate has expired. Please check the new rate and convert again.",
  amount: MESSAGES.wrong,
  account_not_active: "This account cannot convert money at the moment.",
  account_restricted: "Your account is temporarily restricted: money cannot be exchanged.",
  onboarding_incomplete: "Please finish joining your team first.",
  forbidden: "You are not allowed to do this",
};

/** SPEC §2 currency-converter: transaction access, the flag, more than one active account. */
export function ExchangePage() {
  const { session } = useApp();
  return paysTransactions(session) ? <Guarded /> : <Redirect to="/dashboard" />;
}

function Guarded() {
  const features = useSuspenseQuery(featuresQuery()).data;
  const accounts = convertible(useSuspenseQuery(bankAccountsQuery()).data.results);
  const currencies = new Set(accounts.map((a) => a.currency));
  if (!isOn(features, "currencyExchange") || currencies.size < 2) return <Redirect to="/dashboard" />;
  return <Exchange accounts={accounts} />;
}

function Exchange({ accounts }: { accounts: Account[] }) {
  const location = useLocation();
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftFromQuery(query, accounts));
  const [step, setStep] = useState<Step>(
    query.done ? "complete" : query.step === "approve" ? "approve" : "select",
  );
  const [touched, setTouched] = useState(Boolean(query.sell || query.buy));
  const [error, setError] = useState<string | null>(
    query.error ? (FORM_ERRORS[query.error] ?? MESSAGES.wrong) : null,
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const [result, setResult] = useState<ExchangeResult | null>(null);
  const [conversionId, setConversionId] = useState<string | null>(null);

  const from = accounts.find((a) => a.id === draft.fromId) ?? accounts[0];
  const to = from ? otherAccount(accounts, from, draft.toId) : undefined;
  const input = rateInput(draft, accounts);
  const [feed, rates] = useRateFeed(input);
  const countdown = useCountdown(feed.nextRefreshAt, REFRESH_MS);
  if (!from || !to) return <Redirect to="/dashboard" />;

  const answer = feed.answer;
  const quote: ExchangeQuote | null = answer && !isProblem(answer) ? answer : null;
  const problem = isProblem(answer) ? answer : null;
  const localProblem = amountProblem(draft, from);
  const amountError =
    fieldError ??
    problem?.fields.amount ??
    (localProblem === MESSAGES.empty || (touched && localProblem) ? localProblem : null);
  const sell = draft.conversionType === "direct" ? draft.amount : (quote?.fromAmount ?? "");
  const buy = draft.conversionType === "inverse" ? draft.amount : (quote?.toAmount ?? "");
  const live = Boolean(quote?.isAvailable && quote.quoteId);
  const shown: Step = step === "approve" && (!live || amountError) && !feed.waiting ? "select" : step;

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setTouched(true);
    setFieldError(null);
    setError(null);
    setNoticeClosed(false);
    setConversionId(null);
  };
  const swap = () => change({ fromId: to.id, toId: from.id });

  const proceed = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localProblem || problem) return;
    if (feed.waiting || !quote) {
      setError(MESSAGES.wait);
      return;
    }
    if (!quote.isAvailable) {
      setNoticeClosed(false);
      return;
    }
    setError(null);
    setStep("approve");
  };

  const convert = async (event: FormEvent) => {
    event.preventDefault();
    if (!quote?.quoteId) {
      setError(MESSAGES.wait);
      return;
    }
    const id = conversionId ?? crypto.randomUUID();
    setConversionId(id);
    setBusy(true);
    rates.hold(true);
    setError(null);
    try {
      const done = await exchangeApi.convert(id, quote.quoteId);
      setResult(done);
      setStep("complete");
      // SPEC §2 complete: the accounts and the transaction list show the conversion.
      void client.invalidateQueries({ queryKey: bankAccountsQuery().queryKey });
      void client.invalidateQueries({ queryKey: ["transactions"] });
    } catch (caught) {
      setConversionId(null);
      if (caught instanceof ApiError && caught.fields.amount) setFieldError(caught.fields.amount);
      else if (caught instanceof ApiError && caught.status < 500) setError(caught.message);
      else setError("Something went wrong");
      if (caught instanceof ApiError && caught.code === "quote_expired" && input) {
        rates.set(null);
        rates.set(input);
      }
    } finally {
      rates.hold(false);
      setBusy(false);
    }
  };

  if (step === "complete") return <Complete result={result} transactionId={query.done ?? null} />;

  const notice =
    quote && !quote.isAvailable && !noticeClosed ? (
      <NoticeDialog
        title={LIMITATION.title}
        message={LIMITATION.message}
        onClose={() => setNoticeClosed(true)}
      />
    ) : problem && !problem.fields.amount && !noticeClosed ? (
      <NoticeDialog title={problem.title} message={problem.message} onClose={() => setNoticeClosed(true)} />
    ) : null;

  const rateLine = quote ? (
    <p className="exchange-rate" aria-live="polite">
      1 {quote.fromCurrency} = {quote.rate} {quote.toCurrency}
      {quote.isAvailable ? (
        <span className="exchange-countdown"> · rate updates in {countdown} s</span>
      ) : null}
    </p>
  ) : feed.waiting ? (
    <p className="exchange-rate" aria-live="polite">
      {MESSAGES.wait}
    </p>
  ) : null;

  return (
    <section className="panel exchange" aria-labelledby="exchange-title">
      <h1 id="exchange-title">Currency exchange</h1>
      {notice}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {shown === "select" ? (
        // Before hydration a GET form: the server answers with the quote and the approve step.
        <form method="get" action="/currency-converter" noValidate onSubmit={proceed}>
          <input type="hidden" name="type" value={draft.conversionType} />
          <input type="hidden" name="sellWas" value={sell} />
          <input type="hidden" name="buyWas" value={buy} />
          <Select
            label="From"
            name="from"
            value={from.id}
            onChange={(id) => {
              const next = accounts.find((a) => a.id === id);
              change({ fromId: id, toId: next?.currency === to.currency ? from.id : to.id });
            }}
            options={accounts.map(accountOption)}
          />
          <AmountInput
            label="You convert"
            name="sell"
            value={sell}
            currency={from.currency}
            error={draft.conversionType === "direct" ? (amountError ?? undefined) : undefined}
            onChange={(amount) => change({ conversionType: "direct", amount })}
          />
          <button
            type="submit"
            name="swap"
            value="1"
            className="button button-quiet exchange-swap"
            onClick={(e) => {
              e.preventDefault();
              swap();
            }}
          >
            Swap
          </button>
          <Select
            label="To"
            name="to"
            value={to.id}
            onChange={(id) => change({ toId: id })}
            options={accounts.filter((a) => a.currency !== from.currency).map(accountOption)}
          />
          <AmountInput
            label="You receive"
            name="buy"
            value={buy}
            currency={to.currency}
            error={draft.conversionType === "inverse" ? (amountError ?? undefined) : undefined}
            onChange={(amount) => change({ conversionType: "inverse", amount })}
          />
          {rateLine}
          <div className="form-actions">
            <Link to="/dashboard" className="button button-quiet">
              Back
            </Link>
            <button type="submit" name="step" value="approve" className="button button-primary">
              Continue
            </button>
          </div>
        </form>
      ) : (
        <div className="exchange-approve">
          <h2>Check your exchange</h2>
          <dl className="details">
            <div className="details-row">
              <dt>You convert</dt>
              <dd>{quote ? formatMoney(Number(quote.fromAmount), quote.fromCurrency) : "…"}</dd>
            </div>
            <div className="details-row">
              <dt>You receive</dt>
              <dd>{quote ? formatMoney(Number(quote.toAmount), quote.toCurrency) : "…"}</dd>
            </div>
          </dl>
          {rateLine}
          {/* Before hydration this posts the quote; the server converts and shows the result. */}
          <form method="post" action="/currency-converter" onSubmit={(e) => void convert(e)}>
            <input type="hidden" name="quoteId" value={quote?.quoteId ?? ""} />
            <input type="hidden" name="from" value={from.id} />
            <input type="hidden" name="to" value={to.id} />
            <input type="hidden" name="type" value={draft.conversionType} />
            <input type="hidden" name="amount" value={draft.amount} />
            <div className="form-actions">
              <button
                type="button"
                className="button button-quiet"
                onClick={() => setStep("select")}
                disabled={busy}
              >
                Back
              </button>
              <button type="submit" className="button button-primary" disabled={busy || feed.waiting}>
                Convert
              </button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}

/** SPEC §2 complete: what was converted, and the way back to the account. */
function Complete({
  result,
  transactionId,
}: {
  result: ExchangeResult | null;
  transactionId: string | null;
}) {
  if (result) return <Completed leg={result.transaction} arrived={result.toTransaction} />;
  if (transactionId) return <CompletedFromAddress id={transactionId} />;
  return <Redirect to="/currency-converter" />;
}

/** After the plain form: the paying leg, loaded by the server render. */
function CompletedFromAddress({ id }: { id: string }) {
  return <Completed leg={useSuspenseQuery(transactionQuery(id)).data} arrived={null} />;
}

function Completed({ leg, arrived }: { leg: Transaction; arrived: Transaction | null }) {
  if (
    leg.type !== "currency_exchange" ||
    leg.conversionCurrency === null ||
    leg.conversionAmountTotal === null
  )
    return <Redirect to="/currency-converter" />;
  const shown = arrived ?? leg;
  return (
    <section className="panel exchange" aria-labelledby="exchange-title">
      <h1 id="exchange-title">Exchange completed</h1>
      <p className="notice notice-success" role="status">
        {`You converted ${formatMoney(Math.abs(leg.amount), leg.currency)} to ${formatMoney(leg.conversionAmountTotal, leg.conversionCurrency)}.`}
      </p>
      <Link
        className="button button-primary"
        to={`/dashboard?account=${shown.bankAccountId}&txn=${shown.id}`}
      >
        Back to your account
      </Link>
    </section>
  );
}
