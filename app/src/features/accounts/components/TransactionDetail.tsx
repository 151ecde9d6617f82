import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../../routing/Link";
import { formatDate, formatMoney, formatTime } from "../../../lib/format";
import { Icon } from "../../../ui/Icon";
import { Money } from "../../../ui/Money";
import { StatusChip } from "../../../ui/StatusChip";
import { documentUrls, type Transaction, transactionQuery } from "../api";
import { withQuery } from "../filters";
import { transactionTitle } from "./TransactionList";

type Row = [label: string, value: string];

/** SPEC §2 "Transaction detail" rows. */
export function detailRows(txn: Transaction): Row[] {
  const money = (amount: number, currency = txn.currency) => formatMoney(Math.abs(amount), currency);
  const rows: Row[] = [];
  if (txn.status === "declined") {
    rows.push(["Declined", money(txn.amount)]);
    return rows;
  }
  if (txn.type === "currency_exchange" && txn.conversionCurrency && txn.conversionAmountTotal !== null) {
    if (txn.amount < 0) {
      rows.push(["You convert", money(txn.amount)]);
      rows.push(["You received", money(txn.conversionAmountTotal, txn.conversionCurrency)]);
    } else {
      rows.push(["You convert", money(txn.conversionAmountTotal, txn.conversionCurrency)]);
      rows.push(["You received", money(txn.amount)]);
    }
    return rows;
  }
  if (txn.amount > 0) {
    rows.push(["You received", money(txn.amountTotal)]);
    if (txn.fee > 0) rows.push(["Fee", money(txn.fee)]);
    return rows;
  }
  rows.push(["You sent", money(txn.amountTotal)]);
  if (txn.fee > 0) rows.push(["Fee", money(txn.fee)]);
  const who = txn.receiver?.name ?? "System";
  rows.push([`${who} ${txn.status === "pending" ? "will receive" : "received"}`, money(txn.amount)]);
  return rows;
}

/** Confirmation of Payee, as the transfer was sent with it (UK local, beyond SPEC). */
function payeeCheckRows(txn: Transaction): Row[] {
  const check = txn.transfer?.payeeCheck;
  if (!check) return [];
  const held = check.name ? ` (held as ${check.name})` : "";
  const result = {
    match: "The name matched the account",
    close_match: `A close match${held}`,
    no_match: "The name did not match the account",
    type_mismatch: `${check.accountType === "private" ? "A personal" : "A business"} account${held}`,
    unavailable: "The payee's bank could not be asked",
  }[check.result];
  const rows: Row[] = [["Name check", result]];
  if (txn.transfer?.payeeRiskAccepted) rows.push(["Your decision", "You chose to pay this account"]);
  return rows;
}

function acceptorRows(txn: Transaction): Row[] {
  const a = txn.acceptor;
  if (!a) return [];
  const contact = [a.phone, a.email].filter(Boolean).join(", ");
  const rows: Row[] = [["Name", a.name]];
  if (a.address) rows.push(["Merchant location", a.address]);
  if (contact) rows.push(["Contact details", contact]);
  if (a.website) rows.push(["Website", a.website]);
  if (a.categories.length) rows.push(["Categorization", a.categories.join(", ")]);
  if (a.co2emissions !== null) rows.push(["CO2 Footprint", `${(a.co2emissions / 1000).toFixed(1)} kg CO2`]);
  return rows;
}

/** Label and value pairs; amounts (`money`) keep their figures on one line. */
function Rows({ rows, money = false }: { rows: Row[]; money?: boolean }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label} className="details-row">
          <dt>{label}</dt>
          <dd>{money ? <span className="money">{value}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** SPEC §2: Repeat Transfer is offered for a transfer sent; disabled, it says why. */
function RepeatTransfer({ txn }: { txn: Transaction }) {
  if (txn.type !== "transfer" || txn.amount >= 0) return null;
  if (txn.transfer) {
    return (
      <Link className="button button-primary" to={`/transfer/${txn.bankAccountId}?repeat=${txn.id}`}>
        Repeat Transfer
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="button button-primary" disabled aria-describedby="repeat-why">
        Repeat Transfer
      </button>
      <p id="repeat-why" className="field-hint repeat-why">
        This payment cannot be repeated from here: its payment scheme is not available for this account.
      </p>
    </>
  );
}

export function TransactionDetail({ id, query }: { id: string; query: Record<string, string> }) {
  const detail = useQuery(transactionQuery(id));
  const close = withQuery(query, { txn: null });
  const txn = detail.data;
  const navigate = useNavigate();
  // Escape closes the panel or sheet, as it closes a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(close, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, close]);
  return (
    <>
      {/* On a phone the sheet lies over a dimmed list; a tap on the dimmed part closes it (a
          plain link, so it does before hydration too). The close button is the named way. */}
      <Link to={close} preventScrollReset className="txn-scrim" aria-hidden="true" tabIndex={-1} />
      <aside className="txn-detail card" aria-labelledby="txn-detail-title">
        <p className="txn-detail-close">
          <Link to={close} preventScrollReset className="icon-button" aria-label="Close">
            <Icon name="close" size={22} />
          </Link>
        </p>
        {detail.isError ? (
          <p className="notice notice-error" role="alert">
            This transaction could not be found.
          </p>
        ) : null}
        {txn ? (
          <>
            <h2 id="txn-detail-title">{transactionTitle(txn)}</h2>
            <p className="txn-detail-amount">
              <Money amount={txn.amountTotal} currency={txn.currency} signed />
            </p>
            <p className="txn-detail-when">
              {formatDate(txn.createdAt)} {formatTime(txn.createdAt)}
              {txn.status === "pending" ? <StatusChip tone="blue">Pending</StatusChip> : null}
              {txn.status === "declined" ? <StatusChip tone="red">Declined</StatusChip> : null}
            </p>
            {txn.details && txn.details !== transactionTitle(txn) ? (
              <p className="txn-detail-reference">{txn.details}</p>
            ) : null}
            {txn.invoice ? (
              <p>
                Pays invoice <Link to={`/invoice/view/${txn.invoice.id}`}>{txn.invoice.number}</Link>
              </p>
            ) : null}
            <Rows rows={detailRows(txn)} money />
            {txn.transfer?.payeeCheck ? <Rows rows={payeeCheckRows(txn)} /> : null}
            {txn.acceptor ? (
              <>
                <h3>Merchant</h3>
                <Rows rows={acceptorRows(txn)} />
              </>
            ) : null}
            <div className="form-actions">
              <a className="button button-secondary" href={documentUrls.transactionProof(txn.id)} download>
                Download
              </a>
              <RepeatTransfer txn={txn} />
              {txn.transfer?.messages.map((message) => (
                <a
                  key={message}
                  className="button button-secondary"
                  href={`/v2/documents/payment_message?entId=${encodeURIComponent(txn.id)}&message=${message}`}
                  download
                >
                  {message} (ISO 20022)
                </a>
              ))}
            </div>
          </>
        ) : null}
      </aside>
    </>
  );
}
