import type { Dispatch } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../../lib/format";
import { AmountInput } from "../../../../ui/AmountInput";
import { TextField } from "../../../../ui/TextField";
import type { Recipient, Scheme } from "../../api";
import { type Draft, draftFromRecipient, type TransferAction, type TransferState } from "../../draft";
import { SCHEME_LABELS } from "./labels";

interface PayingAccount {
  id: string;
  currency: string;
  balance: { available: number };
}

/**
 * The draft: paying account, amount, scheme, payee, reference, attachments. Before hydration
 * this posts to the server (a UK local transfer to a saved or new payee, approved by SMS on the
 * next page); once hydrated the page runs the steps itself.
 */
export function EditStep({
  state,
  dispatch,
  accounts,
  account,
  schemes,
  scheme,
  recipients,
  onContinue,
  onAttach,
}: {
  state: TransferState;
  dispatch: Dispatch<TransferAction>;
  accounts: PayingAccount[];
  account: PayingAccount;
  schemes: Scheme[];
  scheme: Scheme;
  recipients: Recipient[];
  onContinue: () => void;
  onAttach: (file: File) => void;
}) {
  const { draft, errors, busy, attachments } = state;
  const set = (patch: Partial<Draft>) => dispatch({ type: "edited", patch });
  const setReceiver = (patch: Partial<Draft["receiver"]>) => dispatch({ type: "receiverEdited", patch });
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
  const saved = recipients.filter((r) => r.scheme === scheme);

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
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
      {saved.length ? (
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
            {saved.map((r) => (
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
            if (file) onAttach(file);
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
  );
}
