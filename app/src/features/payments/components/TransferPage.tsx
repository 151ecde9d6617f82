import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { parseQuery } from "../../../lib/url";
import { formatMoney } from "../../../lib/format";
import { paysTransactions } from "../../../lib/rights";
import { Redirect } from "../../../routing/Redirect";
import { AmountInput } from "../../../ui/AmountInput";
import { CodeInput } from "../../../ui/CodeInput";
import { NoticeDialog } from "../../../ui/NoticeDialog";
import { TextField } from "../../../ui/TextField";
import { transactionQuery as transactionTakeQuery } from "../../../api/transactions";
import { featuresQuery, isOn } from "../../../api/features";
import {
  type FeeAnswer,
  type MfaMethod,
  type Recipient,
  recipientsQuery,
  type Scheme,
  type TransferResult,
  type TransferTerms,
  transfersApi,
  uploadAttachment,
} from "../api";
import {
  type Draft,
  draftFromQuery,
  emptyDraft,
  receiverFrom,
  schemesFor,
  termsOf,
  transferErrors,
} from "../draft";
import { startTransactionsReset } from "../transactionsReset";
import { getPasskey } from "../../../lib/webauthn";

const SCHEME_LABELS: Record<Scheme, string> = { local: "UK Local Transfer", sepa: "SEPA", swift: "SWIFT" };
const NOTICE_CODES = ["country_not_supported", "limit_exceeded", "partner_name_already_exists"];
const SCHEME_CODES: Record<string, Scheme> = { "0": "sepa", "1": "local", "2": "swift" };

type Step = "edit" | "confirm" | "approve" | "done";
type Mfa = { method: MfaMethod; requestId: string; lastDigits: string };

/** SPEC §2 transfer/{realmId} and transfer/{scheme}: for those who may pay. */
export function TransferPage() {
  const { session } = useApp();
  // SPEC §2/§6: paying needs the transaction right and a complete account.
  return paysTransactions(session) && session.accountReady ? <Transfer /> : <Redirect to="/dashboard" />;
}

function Transfer() {
  const { realmId = "" } = useParams();
  const location = useLocation();
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results.filter((a) => a.status === "active");
  const recipients = useSuspenseQuery(recipientsQuery()).data.results;
  const repeat = useQuery({ ...transactionTakeQuery(query.repeat ?? ""), enabled: Boolean(query.repeat) });
  const swiftAllowed = isOn(useQuery(featuresQuery()).data, "swiftAllowed");
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() =>
    draftFromQuery(emptyDraft(accounts, realmId, SCHEME_CODES[realmId]), query, recipients),
  );
  const [seededRepeat, setSeededRepeat] = useState(false);
  if (repeat.data?.transfer && !seededRepeat) {
    const t = repeat.data.transfer;
    setSeededRepeat(true);
    setDraft((d) => ({
      ...d,
      accountId: repeat.data.bankAccountId,
      amount: String(Math.abs(repeat.data.amount)),
      scheme: t.scheme,
      receiver: receiverFrom(t.receiver, d.receiver),
      details: t.reference,
    }));
  }
  const [step, setStep] = useState<Step>("edit");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fee, setFee] = useState<FeeAnswer | null>(null);
  const [offer, setOffer] = useState<Scheme | null>(null);
  const [mfa, setMfa] = useState<Mfa | null>(null);
  const [code, setCode] = useState("");
  const [transferId, setTransferId] = useState<string | null>(null);
  const [result, setResult] = useState<TransferResult | null>(null);
  const [notice, setNotice] = useState<{ title: string; message: string } | null>(null);
  const [attachments, setAttachments] = useState<{ id: string; name: string }[]>([]);

  const account = accounts.find((a) => a.id === draft.accountId) ?? accounts[0];
  if (!account) return <Redirect to="/dashboard" />;
  const schemes = schemesFor(account.currency, swiftAllowed);
  const scheme = schemes.includes(draft.scheme) ? draft.scheme : (schemes[0] ?? "swift");
  const terms: TransferTerms = termsOf({ ...draft, scheme, accountId: account.id });

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // SPEC §4 dynamic linking: any change of amount or payee needs a new approval and id.
    setTransferId(null);
    setMfa(null);
  };
  const setReceiver = (patch: Partial<Draft["receiver"]>) =>
    set({ receiver: { ...draft.receiver, ...patch } });
  const fail = (caught: unknown) => {
    // SPEC §8: these codes show a notice dialog with the server's title and message.
    if (caught instanceof ApiError && NOTICE_CODES.includes(caught.code)) {
      setNotice({ title: caught.title, message: caught.message });
    } else if (caught instanceof ApiError && caught.status < 500) {
      setErrors(caught.fields);
      setError(Object.keys(caught.fields).length ? null : `${caught.title}: ${caught.message}`);
    } else setError("Something went wrong");
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const checkFee = () =>
    run(async () => {
      const found = transferErrors({ ...draft, scheme, accountId: account.id }, account.balance.available);
      setErrors(found);
      if (Object.keys(found).length) return;
      const answer = await transfersApi.fee(terms);
      setFee(answer);
      // SPEC §4: a fee answer with another scheme is offered in a modal.
      if (answer.scheme !== scheme) setOffer(answer.scheme);
      else setStep("confirm");
    });

  const approve = () =>
    run(async () => {
      let step: Mfa;
      try {
        step = await transfersApi.approve(terms);
      } catch (caught) {
        // SPEC §4: a face request that cannot be made falls back to SMS.
        if (caught instanceof ApiError && caught.code === "request_data_invalid")
          step = await transfersApi.approve(terms, "sms");
        else throw caught;
      }
      setMfa(step);
      setTransferId(transferId ?? crypto.randomUUID());
      setStep("approve");
    });

  const send = async (confirm: () => Promise<unknown>) =>
    run(async () => {
      if (!mfa) return;
      try {
        await confirm();
      } catch (caught) {
        setCode("");
        throw caught;
      }
      const id = transferId ?? crypto.randomUUID();
      setTransferId(id);
      const done = await transfersApi.submit({
        ...terms,
        id,
        requestId: mfa.requestId,
        attachments: attachments.map((a) => a.id),
      });
      setResult(done);
      setStep("done");
      // SPEC §4: accounts refetched and the transaction list reset on its schedule.
      void client.invalidateQueries({ queryKey: bankAccountsQuery().queryKey });
      if (draft.receiver.saveAsTemplate)
        void client.invalidateQueries({ queryKey: recipientsQuery().queryKey });
      startTransactionsReset(client);
    });

  if (step === "done" && result && !result.transaction) {
    // Issue 13: above the owner's threshold the transfer waits for a colleague's approval.
    return (
      <section className="panel" aria-labelledby="transfer-title">
        <h1 id="transfer-title">Sent for approval</h1>
        <p className="notice notice-info" role="status">
          {`${formatMoney(Number(draft.amount), account.currency)} to ${draft.receiver.name} waits for a colleague's approval. The money is set aside until then.`}
        </p>
        <Link className="button button-primary" to="/dashboard">
          Back to your account
        </Link>
      </section>
    );
  }
  if (step === "done" && result?.transaction) {
    const transaction = result.transaction;
    return (
      <section className="panel" aria-labelledby="transfer-title">
        <h1 id="transfer-title">{result.status === "completed" ? "Transfer completed" : "Transfer sent"}</h1>
        <p className="notice notice-success" role="status">
          {formatMoney(Math.abs(transaction.amount), transaction.currency)} to{" "}
          {transaction.receiver?.name ?? draft.receiver.name}
          {result.status === "pending" ? " is on its way." : " has arrived."}
        </p>
        <Link className="button button-primary" to={`/dashboard?account=${account.id}&txn=${transaction.id}`}>
          Back to your account
        </Link>
      </section>
    );
  }

  const field = (key: keyof Draft["receiver"], label: string, extra: { hint?: string } = {}) => ({
    label,
    name: key,
    value: String(draft.receiver[key] ?? ""),
    error: errors[key === "iban" || key === "accountNumber" ? "iban" : key] ?? errors[`receiver.${key}`],
    onChange: (e: { target: { value: string } }) => setReceiver({ [key]: e.target.value }),
    ...extra,
  });
  const address = (key: keyof Draft["receiver"]["swiftAddress"], label: string) => ({
    label,
    name: `swiftAddress.${key}`,
    value: draft.receiver.swiftAddress[key],
    error: errors[`swiftAddress.${key}`],
    onChange: (e: { target: { value: string } }) =>
      setReceiver({ swiftAddress: { ...draft.receiver.swiftAddress, [key]: e.target.value } }),
  });
  const localSaved = recipients.filter((r) => r.scheme === scheme);

  return (
    <section className="panel panel-wide" aria-labelledby="transfer-title">
      <h1 id="transfer-title">New transfer</h1>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <NoticeDialog title={notice.title} message={notice.message} onClose={() => setNotice(null)} />
      ) : null}
      {query.error ? (
        <p className="notice notice-error" role="alert">
          {plainFormError(query.error)}
        </p>
      ) : null}
      {step === "edit" ? (
        // Before hydration this posts to the server (a UK local transfer to a saved or new
        // payee, approved by SMS on the next page); once hydrated the page runs the steps itself.
        <form
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void checkFee();
          }}
        >
          <div className="field">
            <label htmlFor="transfer-account">From</label>
            <select
              id="transfer-account"
              name="bankAccountId"
              value={account.id}
              onChange={(e) => set({ accountId: e.target.value })}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.currency} · {formatMoney(a.balance.available, a.currency)}
                </option>
              ))}
            </select>
          </div>
          <AmountInput
            label="Amount"
            name="amount"
            value={draft.amount}
            currency={account.currency}
            error={errors.amount}
            onChange={(amount) => set({ amount })}
          />
          <fieldset className="field">
            <legend>Payment type</legend>
            {schemes.map((option) => (
              <label key={option} className="choice">
                <input
                  type="radio"
                  name="scheme"
                  value={option}
                  checked={scheme === option}
                  onChange={() => set({ scheme: option })}
                />
                {SCHEME_LABELS[option]}
              </label>
            ))}
            {errors.scheme ? (
              <p className="field-error" role="alert">
                {errors.scheme}
              </p>
            ) : null}
          </fieldset>
          {localSaved.length ? (
            <div className="field">
              <label htmlFor="transfer-recipient">Saved recipient</label>
              <select
                id="transfer-recipient"
                name="recipientId"
                value={draft.recipientId}
                onChange={(e) => {
                  const chosen = recipients.find((r) => r.id === e.target.value);
                  set(chosen ? draftFromRecipient(draft, chosen) : { recipientId: "" });
                }}
              >
                <option value="">A new payee</option>
                {localSaved.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label.title} · {r.label.footer}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <fieldset className="field">
            <legend>Recipient is</legend>
            {(["company", "private"] as const).map((kind) => (
              <label key={kind} className="choice">
                <input
                  type="radio"
                  name="type"
                  value={kind}
                  checked={draft.receiver.type === kind}
                  onChange={() => setReceiver({ type: kind })}
                />
                {kind === "company" ? "A company" : "A private person"}
              </label>
            ))}
          </fieldset>
          <TextField {...field("name", "Recipient name")} />
          {scheme === "local" ? (
            <>
              <TextField {...field("ukSortCode", "Sort code")} inputMode="numeric" />
              <TextField {...field("ukAccountNumber", "Account number")} inputMode="numeric" />
            </>
          ) : (
            <>
              <TextField
                {...field("iban", scheme === "swift" ? "IBAN or account number" : "IBAN", {
                  hint:
                    scheme === "swift"
                      ? "Provide IBAN or account number, routing number required with account number"
                      : "Provide IBAN",
                })}
              />
              <TextField {...field("bic", "BIC/SWIFT code")} />
            </>
          )}
          {scheme === "swift" ? (
            <>
              <TextField {...field("routingCode", "Routing number")} inputMode="numeric" />
              <h2>Recipient's address</h2>
              <TextField {...address("country", "Country code (e.g. US)")} />
              <TextField {...address("address1", "Street")} />
              <TextField {...address("buildingNumber", "Building number")} />
              <TextField {...address("city", "Town or city")} />
              <TextField {...address("postcode", "Postcode (optional)")} />
              <TextField {...address("region", "Region (optional)")} />
            </>
          ) : null}
          <TextField
            label="Reference"
            name="details"
            value={draft.details}
            error={errors.reference ?? errors.details}
            onChange={(e) => set({ details: e.target.value })}
          />
          <TextField {...field("alias", "Recipient Template Name")} />
          <label className="choice">
            <input
              type="checkbox"
              name="saveAsTemplate"
              checked={draft.receiver.saveAsTemplate}
              onChange={(e) => setReceiver({ saveAsTemplate: e.target.checked })}
            />
            Save recipient
          </label>
          <div className="field">
            <label htmlFor="transfer-attachment">Attachments (pdf, jpg, jpeg, png, docx)</label>
            <input
              id="transfer-attachment"
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,.docx"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (!file) return;
                void run(async () => {
                  try {
                    const id = await uploadAttachment(file, crypto.randomUUID());
                    setAttachments((list) => [...list, { id, name: file.name }]);
                    setErrors((current) => ({ ...current, attachments: "" }));
                  } catch (caught) {
                    setErrors((current) => ({
                      ...current,
                      attachments:
                        caught instanceof Error ? caught.message : "The file could not be uploaded",
                    }));
                  }
                });
              }}
            />
            {attachments.length ? (
              <ul className="attachments">
                {attachments.map((a) => (
                  <li key={a.id}>{a.name}</li>
                ))}
              </ul>
            ) : null}
            {errors.attachments ? (
              <p className="field-error" role="alert">
                {errors.attachments}
              </p>
            ) : null}
          </div>
          <div className="form-actions">
            <Link to="/dashboard" className="button button-quiet">
              Back
            </Link>
            <button type="submit" className="button button-primary" disabled={busy}>
              Continue
            </button>
          </div>
        </form>
      ) : null}
      {offer ? (
        <div className="modal" role="dialog" aria-labelledby="scheme-offer-title">
          <h2 id="scheme-offer-title">Use {SCHEME_LABELS[offer]}?</h2>
          <p>
            This payment goes by {SCHEME_LABELS[offer]}
            {fee ? ` for a fee of ${formatMoney(fee.fee, fee.currency)}` : ""}.
          </p>
          <div className="form-actions">
            <button type="button" className="button button-quiet" onClick={() => setOffer(null)}>
              Keep {SCHEME_LABELS[scheme]}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                // A UK IBAN names the sort code and account number UK local needs.
                const iban = draft.receiver.iban.replace(/\s/g, "").toUpperCase();
                const uk =
                  offer === "local" && /^GB\d{2}[A-Z]{4}\d{14}$/.test(iban)
                    ? { ukSortCode: iban.slice(8, 14), ukAccountNumber: iban.slice(14) }
                    : {};
                set({ scheme: offer, receiver: { ...draft.receiver, ...uk } });
                setOffer(null);
                setStep("confirm");
              }}
            >
              Apply
            </button>
          </div>
        </div>
      ) : null}
      {step === "confirm" && fee ? (
        <div className="transfer-confirm">
          <dl className="details">
            <div className="details-row">
              <dt>You send</dt>
              <dd>{formatMoney(fee.amount, fee.currency)}</dd>
            </div>
            <div className="details-row">
              <dt>Fee</dt>
              <dd>{formatMoney(fee.fee, fee.currency)}</dd>
            </div>
            <div className="details-row">
              <dt>Total</dt>
              <dd>{formatMoney(fee.total, fee.currency)}</dd>
            </div>
            <div className="details-row">
              <dt>To</dt>
              <dd>{draft.receiver.name}</dd>
            </div>
            <div className="details-row">
              <dt>Payment type</dt>
              <dd>{SCHEME_LABELS[scheme]}</dd>
            </div>
          </dl>
          <div className="form-actions">
            <button type="button" className="button button-quiet" onClick={() => setStep("edit")}>
              Back
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void approve()}
              disabled={busy}
            >
              Approve and send
            </button>
          </div>
        </div>
      ) : null}
      {step === "approve" && mfa ? (
        <div className="step-up" role="dialog" aria-labelledby="approve-title">
          <h2 id="approve-title">Approve the transfer</h2>
          {fee ? (
            <p className="approve-terms">
              You approve <strong className="money">{formatMoney(fee.total, fee.currency)}</strong> (
              <span className="money">{formatMoney(fee.amount, fee.currency)}</span> and a{" "}
              <span className="money">{formatMoney(fee.fee, fee.currency)}</span> fee) to{" "}
              {draft.receiver.name} by {SCHEME_LABELS[scheme]}.
            </p>
          ) : null}
          {mfa.method === "sms" ? (
            <>
              <p>
                We sent a code to your phone ending {mfa.lastDigits}. The text names the total and the payee:
                check them before you enter it.
              </p>
              <CodeInput
                label="SMS code"
                value={code}
                onChange={setCode}
                onComplete={(value) => void send(() => transfersApi.confirmSms(mfa.requestId, value))}
                disabled={busy}
              />
            </>
          ) : (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() =>
                void send(async () => {
                  const { publicKey } = await transfersApi.passkeyChallenge(mfa.requestId);
                  await transfersApi.confirmPasskey(mfa.requestId, await getPasskey(publicKey));
                })
              }
            >
              Approve with your passkey
            </button>
          )}
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setStep("confirm")}
            disabled={busy}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </section>
  );
}

function draftFromRecipient(draft: Draft, r: Recipient): Partial<Draft> {
  return {
    recipientId: r.id,
    scheme: r.scheme,
    details: r.reference ?? draft.details,
    receiver: {
      ...draft.receiver,
      name: r.name,
      type: r.type,
      iban: r.iban ?? "",
      accountNumber: "",
      routingCode: r.routingCode ?? "",
      ukSortCode: r.ukSortCode ?? "",
      ukAccountNumber: r.ukAccountNumber ?? "",
      bic: r.bic ?? "",
      alias: r.alias ?? "",
      saveAsTemplate: false,
      swiftAddress: r.swiftAddress ?? draft.receiver.swiftAddress,
    },
  };
}

/** Errors the plain-form flow sends back in the address. */
export function plainFormError(code: string): string {
  const messages: Record<string, string> = {
    amount: "Select right amount",
    required: "Check the highlighted fields: every field is required",
    invalid_code: "The code is incorrect",
    mfa_expired: "Request time is up",
    limit_exceeded: "This transfer is over your limit",
    rate_limited: "Too many attempts. Please try again later.",
    account_restricted: "Your account is temporarily restricted: payments cannot be sent.",
    onboarding_incomplete: "Please finish joining your team first.",
    account_not_ready: "Your account is not open yet. Please finish opening it first.",
    forbidden: "You are not allowed to do this",
    scheme_unavailable: "Payments to other banks are not available at the moment.",
    provider_unavailable: "We cannot send you a code at the moment. Please try again later.",
  };
  return messages[code] ?? "The transfer could not be made. Please check it and try again.";
}
