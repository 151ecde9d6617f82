import { formatMoney } from "../../../../lib/format";
import { CodeInput } from "../../../../ui/CodeInput";
import type { FeeAnswer, Scheme } from "../../api";
import type { Mfa } from "../../draft";
import { SCHEME_LABELS } from "./labels";

/** The approval (SPEC §4 dynamic linking): the SMS names the total and the payee, or a passkey. */
export function ApproveStep({
  mfa,
  fee,
  payee,
  scheme,
  code,
  busy,
  onCode,
  onSmsCode,
  onPasskey,
  onCancel,
}: {
  mfa: Mfa;
  fee: FeeAnswer | null;
  payee: string;
  scheme: Scheme;
  code: string;
  busy: boolean;
  onCode: (code: string) => void;
  onSmsCode: (code: string) => void;
  onPasskey: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="step-up" role="dialog" aria-labelledby="approve-title">
      <h2 id="approve-title">Approve the transfer</h2>
      {fee ? (
        <p className="approve-terms">
          You approve <strong className="money">{formatMoney(fee.total, fee.currency)}</strong> (
          <span className="money">{formatMoney(fee.amount, fee.currency)}</span> and a{" "}
          <span className="money">{formatMoney(fee.fee, fee.currency)}</span> fee) to {payee} by{" "}
          {SCHEME_LABELS[scheme]}.
        </p>
      ) : null}
      {mfa.method === "sms" ? (
        <>
          <p>
            We sent a code to your phone ending {mfa.lastDigits}. The text names the total and the payee:
            check them before you enter it.
          </p>
          <CodeInput label="SMS code" value={code} onChange={onCode} onComplete={onSmsCode} disabled={busy} />
        </>
      ) : (
        <button type="button" className="button button-primary" disabled={busy} onClick={onPasskey}>
          Approve with your passkey
        </button>
      )}
      <button type="button" className="button button-quiet" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}
