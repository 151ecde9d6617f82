import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { formatDate, formatMoney, formatTime } from "../../../lib/format";
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

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="details">
      {rows.map(([label, value]) => (
        <div key={label} className="details-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TransactionDetail({ id, query }: { id: string; query: Record<string, string> }) {
  const detail = useQuery(transactionQuery(id));
  const close = withQuery(query, { txn: null });
  const txn = detail.data;
  return (
    <aside className="txn-detail card" aria-labelledby="txn-detail-title">
      <p className="txn-detail-close">
        <Link to={close} preventScrollReset>
          Close
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
          <p className="txn-detail-when">
            {formatDate(txn.createdAt)} {formatTime(txn.createdAt)}
            {txn.details && txn.details !== transactionTitle(txn) ? ` · ${txn.details}` : ""}
          </p>
          <Rows rows={detailRows(txn)} />
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
            {txn.type === "transfer" && txn.amount < 0 ? (
              // SPEC §2: Repeat Transfer prefills a draft; disabled where the scheme has no route.
              txn.transfer ? (
                <Link
                  className="button button-primary"
                  to={`/transfer/${txn.bankAccountId}?repeat=${txn.id}`}
                >
                  Repeat Transfer
                </Link>
              ) : (
                <button type="button" className="button button-primary" disabled>
                  Repeat Transfer
                </button>
              )
            ) : null}
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
  );
}
