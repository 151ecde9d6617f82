import { formatMoney } from "../../../../lib/format";
import type { FeeAnswer, Scheme } from "../../api";
import { SCHEME_LABELS } from "./labels";

/** What the payer agrees to before approving: amount, fee, total, payee and scheme. */
export function ConfirmStep({
  fee,
  payee,
  scheme,
  busy,
  onBack,
  onApprove,
}: {
  fee: FeeAnswer;
  payee: string;
  scheme: Scheme;
  busy: boolean;
  onBack: () => void;
  onApprove: () => void;
}) {
  const rows: [string, string][] = [
    ["You send", formatMoney(fee.amount, fee.currency)],
    ["Fee", formatMoney(fee.fee, fee.currency)],
    ["Total", formatMoney(fee.total, fee.currency)],
    ["To", payee],
    ["Payment type", SCHEME_LABELS[scheme]],
  ];
  return (
    <div className="transfer-confirm">
      <dl className="details">
        {rows.map(([term, value]) => (
          <div className="details-row" key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="form-actions">
        <button type="button" className="button button-quiet" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button-primary" onClick={onApprove} disabled={busy}>
          Approve and send
        </button>
      </div>
    </div>
  );
}
