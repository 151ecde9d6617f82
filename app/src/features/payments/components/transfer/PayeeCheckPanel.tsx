import { Checkbox } from "../../../../ui/fields";
import { Notice } from "../../../../ui/Notice";
import type { PayeeCheck } from "../../api";

/** Confirmation of Payee on the review (beyond SPEC): what the payee's bank said about the name.
 * A close match offers the name the account is held in; a close match, no match or an account
 * of the other type needs the payer's word before they can approve. */
export function PayeeCheckPanel({
  check,
  accepted,
  onAccept,
  onUseName,
  busy,
}: {
  check: PayeeCheck;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  /** Where the name can be taken over (the hydrated form); without it the message says it. */
  onUseName?: (name: string) => void;
  busy?: boolean;
}) {
  if (check.result === "match")
    return (
      <Notice tone="success" title="Name checked">
        <p>{check.message}</p>
      </Notice>
    );
  if (check.result === "unavailable")
    return (
      <Notice tone="info" title="Name not checked">
        <p>{check.message}</p>
      </Notice>
    );
  const title =
    check.result === "close_match"
      ? "The name is a close match"
      : check.result === "no_match"
        ? "The name does not match"
        : check.accountType === "private"
          ? "This is a personal account"
          : "This is a business account";
  return (
    <div className="payee-check">
      <Notice tone="warning" title={title}>
        <p>{check.message}</p>
        {check.result === "close_match" && check.name && onUseName ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => check.name && onUseName?.(check.name)}
          >
            Use {check.name}
          </button>
        ) : null}
      </Notice>
      <Checkbox
        label="I have checked the details and want to pay this account"
        name="payeeRiskAccepted"
        value="true"
        checked={accepted}
        onChange={(event) => onAccept(event.target.checked)}
      />
    </div>
  );
}
