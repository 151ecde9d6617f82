import { isoDay, londonDay } from "../../../../lib/format";
import { Money } from "../../../../ui/Money";
import type { FeeAnswer, PayeeCheck, Scheme } from "../../api";
import { arrivalText } from "../../arrival";
import type { Draft } from "../../draft";
import { payeeAccount } from "../../payeeAccount";
import { SCHEME_LABELS } from "./labels";
import { PayeeCheckPanel } from "./PayeeCheckPanel";
import { TransferReview } from "./TransferReview";

/** The review: what the payer agrees to before approving, from the fee answer the server gave
 * (amount, fee, total, when it arrives) and the draft (who, where, what for). */
export function ConfirmStep({
  fee,
  draft,
  from,
  scheme,
  attachments,
  payeeCheck,
  riskAccepted,
  busy,
  onBack,
  onApprove,
  onAccept,
  onUseName,
}: {
  fee: FeeAnswer;
  draft: Draft;
  from: string;
  scheme: Scheme;
  attachments: number;
  payeeCheck: PayeeCheck | null;
  riskAccepted: boolean;
  busy: boolean;
  onBack: () => void;
  onApprove: () => void;
  onAccept: (accepted: boolean) => void;
  onUseName: (name: string) => void;
}) {
  const r = draft.receiver;
  const waitsForWord = Boolean(payeeCheck?.needsConsent) && !riskAccepted;
  return (
    <div className="transfer-confirm">
      <TransferReview
        rows={[
          { term: "From", value: from },
          { term: "You send", value: <Money amount={fee.amount} currency={fee.currency} /> },
          { term: "Fee", value: <Money amount={fee.fee} currency={fee.currency} /> },
          { term: "Total", value: <Money amount={fee.total} currency={fee.currency} />, strong: true },
          { term: "To", value: r.name },
          { term: "Account", value: payeeAccount(r, scheme) },
          { term: "Reference", value: draft.details || "None" },
          { term: "Payment type", value: SCHEME_LABELS[scheme] },
          { term: "Arrives", value: arrivalText(fee.arrives, scheme, isoDay(londonDay(new Date()))) },
          ...(attachments ? [{ term: "Attachments", value: String(attachments) }] : []),
        ]}
      />
      {payeeCheck ? (
        <PayeeCheckPanel
          check={payeeCheck}
          accepted={riskAccepted}
          onAccept={onAccept}
          onUseName={onUseName}
          busy={busy}
        />
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button-quiet" onClick={onBack}>
          Back
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={onApprove}
          disabled={busy || waitsForWord}
        >
          Approve and send
        </button>
      </div>
    </div>
  );
}
