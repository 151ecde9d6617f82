import { RadioCards } from "../../../../ui/RadioCards";
import { Select } from "../../../../ui/Select";
import type { Dispatch } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../../routing/Link";
import { formatMoney } from "../../../../lib/format";
import { worldCountries } from "../../../../lib/worldCountries";
import { AmountInput } from "../../../../ui/AmountInput";
import { Avatar } from "../../../../ui/Avatar";
import { Icon } from "../../../../ui/Icon";
import { Checkbox, TextField } from "../../../../ui/fields";
import type { Recipient, Scheme } from "../../api";
import { type Draft, draftFromRecipient, type TransferAction, type TransferState } from "../../draft";
import { maskedAccount } from "../../payeeAccount";
import { useBankLookup } from "../../useBankLookup";
import { SCHEME_LABELS } from "./labels";

interface PayingAccount {
  id: string;
  currency: string;
  balance: { available: number };
}

/**
 * The draft: paying account, amount, scheme, payee, reference, attachments, in two steps. Before
 * hydration each step posts to the server (a UK local transfer to a saved or new payee: the
 * amount page, then the payee page carrying it, approved by SMS on the next page) with what the
 * other step holds in hidden fields; once hydrated the page runs the steps itself.
 */
export function EditStep({
  state,
  dispatch,
  accounts,
  account,
  schemes,
  scheme,
  recipients,
  part,
  plain,
  onContinue,
  onBack,
  onAttach,
}: {
  state: TransferState;
  dispatch: Dispatch<TransferAction>;
  accounts: PayingAccount[];
  account: PayingAccount;
  schemes: Scheme[];
  scheme: Scheme;
  recipients: Recipient[];
  part: "amount" | "payee";
  /** Before hydration: the step posts to the server, its Back too. */
  plain: boolean;
  onContinue: () => void;
  onBack: () => void;
  onAttach: (file: File) => void;
}) {
  const { draft, errors, busy, attachments } = state;
  // Posted to the page's own path, without its query: the server answers with the next page.
  const { pathname } = useLocation();
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
  const chosen = recipients.find((r) => r.id === draft.recipientId);
  const bankName = useBankLookup(draft.receiver.iban, scheme, (bic) => dispatch({ type: "bicFound", bic }));
  const amountPart = part === "amount";
  const payeePart = part === "payee";
  // What the other step holds, posted along with this one's fields.
  const carried: [string, string][] = !plain
    ? []
    : amountPart
      ? [
          ["recipientId", draft.recipientId],
          ["name", draft.receiver.name],
          ["type", draft.receiver.type],
          ["ukSortCode", draft.receiver.ukSortCode],
          ["ukAccountNumber", draft.receiver.ukAccountNumber],
          ["details", draft.details],
        ]
      : [
          ["bankAccountId", account.id],
          ["amount", draft.amount],
        ];

  return (
    <form
      method="post"
      action={pathname}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      {plain ? <input type="hidden" name="step" value={part} /> : null}
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {amountPart ? (
        <>
          <Select
            label="From"
            name="bankAccountId"
            value={account.id}
            onChange={(accountId) => set({ accountId })}
            options={accounts.map((a) => ({
              value: a.id,
              label: `${a.currency} · ${formatMoney(a.balance.available, a.currency)}`,
            }))}
          />
          <AmountInput
            label="Amount"
            name="amount"
            value={draft.amount}
            currency={account.currency}
            error={errors.amount}
            onChange={(amount) => set({ amount })}
          />
          <RadioCards
            legend="Payment type"
            name="scheme"
            value={scheme}
            error={errors.scheme}
            onChange={(option) => set({ scheme: option as Scheme })}
            options={schemes.map((option) => ({ value: option, label: SCHEME_LABELS[option] }))}
            columns
          />
        </>
      ) : null}
      {payeePart ? (
        <>
          {saved.length ? (
            <Select
              label="Saved recipient"
              name="recipientId"
              value={draft.recipientId}
              onChange={(id) => {
                const chosen = recipients.find((r) => r.id === id);
                set(chosen ? draftFromRecipient(draft, chosen) : { recipientId: "" });
              }}
              options={[
                { value: "", label: "A new payee" },
                ...saved.map((r) => ({ value: r.id, label: `${r.label.title} · ${r.label.footer}` })),
              ]}
            />
          ) : null}
          {/* The saved payee as a card once hydrated; before, its choice is the select above. */}
          {chosen && !plain ? (
            <div className="payee-card">
              <Avatar name={chosen.name} />
              <span className="payee-card-text">
                <strong>{chosen.name}</strong>
                <span className="muted">{maskedAccount(draft.receiver, scheme)}</span>
              </span>
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={() => set({ recipientId: "" })}
              >
                Edit
              </button>
            </div>
          ) : (
            <>
              <RadioCards
                legend="Recipient is"
                name="type"
                value={draft.receiver.type}
                onChange={(kind) => setReceiver({ type: kind === "company" ? "company" : "private" })}
                options={[
                  { value: "company", label: "A company" },
                  { value: "private", label: "A private person" },
                ]}
                columns
              />
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
                          : (bankName ?? "Provide IBAN"),
                    })}
                  />
                  {scheme === "swift" && bankName ? <p className="field-hint">{bankName}</p> : null}
                  <TextField {...field("bic", "BIC/SWIFT code")} />
                </>
              )}
              {scheme === "swift" ? (
                <>
                  <TextField {...field("routingCode", "Routing number")} inputMode="numeric" />
                  <h2>Recipient's address</h2>
                  <Select
                    label="Country"
                    name="swiftAddress.country"
                    value={draft.receiver.swiftAddress.country}
                    placeholder="Choose a country"
                    error={errors["swiftAddress.country"]}
                    onChange={(country) =>
                      setReceiver({ swiftAddress: { ...draft.receiver.swiftAddress, country } })
                    }
                    options={worldCountries()}
                  />
                  <TextField {...address("address1", "Street")} />
                  <TextField {...address("buildingNumber", "Building number")} />
                  <TextField {...address("city", "Town or city")} />
                  <TextField {...address("postcode", "Postcode (optional)")} />
                  <TextField {...address("region", "Region (optional)")} />
                </>
              ) : null}
            </>
          )}
          <TextField
            label="Reference"
            name="details"
            value={draft.details}
            error={errors.reference ?? errors.details}
            onChange={(e) => set({ details: e.target.value })}
          />
          <TextField {...field("alias", "Recipient Template Name")} />
          {chosen ? null : (
            <Checkbox
              name="saveAsTemplate"
              checked={draft.receiver.saveAsTemplate}
              onChange={(e) => setReceiver({ saveAsTemplate: e.target.checked })}
              label="Save recipient"
            />
          )}
          <div className="field">
            <p className="field-label" id="transfer-attachment-label">
              Attachments (pdf, jpg, jpeg, png, docx)
            </p>
            {/* The file input is hidden; its label, drawn as the kit's button, opens it. */}
            <label className="button button-secondary button-small file-button">
              <Icon name="plus" size={16} />
              Attach a file
              <input
                id="transfer-attachment"
                type="file"
                className="visually-hidden"
                aria-labelledby="transfer-attachment-label"
                accept=".pdf,.jpg,.jpeg,.png,.docx"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) onAttach(file);
                }}
              />
            </label>
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
        </>
      ) : null}
      {plain && payeePart ? (
        // Continue first, so Enter in a field continues; the row shows Back on the left.
        <div className="form-actions form-actions-reverse">
          <button type="submit" className="button button-primary">
            Continue
          </button>
          <button type="submit" name="back" value="amount" formNoValidate className="button button-quiet">
            Back
          </button>
        </div>
      ) : (
        <div className="form-actions">
          {payeePart ? (
            <button type="button" className="button button-quiet" onClick={onBack}>
              Back
            </button>
          ) : (
            <Link to="/dashboard" className="button button-quiet">
              Back
            </Link>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            Continue
          </button>
        </div>
      )}
    </form>
  );
}
