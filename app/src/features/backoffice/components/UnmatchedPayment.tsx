import { type FormEvent, useState } from "react";
import { formatDate, formatTime } from "../../../lib/format";
import { Notice } from "../../../ui/Notice";
import { backOfficeApi, type UnmatchedView } from "../api";
import { useAction } from "../useAction";
import { WhyAndSubmit } from "./WhyAndSubmit";

/** Money in that named no invoice, counted towards one of its account's invoices by hand. */
export function UnmatchedPayment({ payment }: { payment: UnmatchedView }) {
  const [matched, setMatched] = useState(false);
  const [invoiceId, setInvoiceId] = useState(payment.invoices[0]?.id ?? "");
  const [reason, setReason] = useState("");
  const { busy, fields, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The result stays in place until the page is opened again.
    setMatched(await run(() => backOfficeApi.matchPayment(payment.transactionId, invoiceId, reason)));
  };
  const selectId = `invoice-${payment.transactionId}`;
  return (
    <li className="back-office-facts">
      <h3 className="back-office-item-title">
        {payment.amount} from {payment.payer || "(payer not given)"} to {payment.profileName}
      </h3>
      <p>
        {formatDate(payment.receivedAt)} {formatTime(payment.receivedAt)} · reference “{payment.details}”
      </p>
      {matched ? (
        <Notice tone="success">Counted towards the invoice. The customer sees it paid.</Notice>
      ) : (
        <form onSubmit={submit} noValidate className="back-office-release">
          <div className="field">
            <label htmlFor={selectId}>Invoice it pays</label>
            <select
              id={selectId}
              name="invoice"
              value={invoiceId}
              onChange={(e) => setInvoiceId(e.target.value)}
            >
              {payment.invoices.map((invoice) => (
                <option key={invoice.id} value={invoice.id}>
                  {invoice.number}: {invoice.outstanding} of {invoice.total} to pay
                </option>
              ))}
            </select>
          </div>
          <WhyAndSubmit
            reason={reason}
            onReason={setReason}
            error={fields.reason}
            failure={failure}
            busy={busy}
            label="Count towards invoice"
          />
        </form>
      )}
    </li>
  );
}
