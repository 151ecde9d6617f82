import { Dialog } from "../../../../ui/Dialog";
import { formatMoney } from "../../../../lib/format";
import type { FeeAnswer, Scheme } from "../../api";
import { SCHEME_LABELS } from "./labels";

/** SPEC §4: the fee answer named another scheme; the payer takes it or keeps their own. */
export function SchemeOffer({
  offer,
  current,
  fee,
  onKeep,
  onTake,
}: {
  offer: Scheme;
  current: Scheme;
  fee: FeeAnswer | null;
  onKeep: () => void;
  onTake: () => void;
}) {
  return (
    <Dialog open title={`Use ${SCHEME_LABELS[offer]}?`} onClose={onKeep}>
      <p>
        This payment goes by {SCHEME_LABELS[offer]}
        {fee ? ` for a fee of ${formatMoney(fee.fee, fee.currency)}` : ""}.
      </p>
      <div className="form-actions">
        <button type="button" className="button button-quiet" onClick={onKeep}>
          Keep {SCHEME_LABELS[current]}
        </button>
        <button type="button" className="button button-primary" onClick={onTake}>
          Apply
        </button>
      </div>
    </Dialog>
  );
}
