import { displayAmount } from "../../../lib/amount";
import { Money } from "../../../ui/Money";
import type { InvoiceDocument } from "../api";
import { shown, printedDay } from "../model";

type Party = InvoiceDocument["seller"];

function PartyLines({ party }: { party: Party }) {
  const town = [party.city, party.postcode].filter(Boolean).join(" ");
  return (
    <>
      <strong>{party.name}</strong>
      {[party.street, town, party.countryName].filter(Boolean).map((line) => (
        <span key={line}>{line}</span>
      ))}
      {party.registrationNumber ? <span>Company number {party.registrationNumber}</span> : null}
      {party.vatNumber ? <span>VAT number {party.vatNumber}</span> : null}
    </>
  );
}

/** The invoice as its client will see it: the same document the PDF prints (SPEC §7 previews),
 * drawn as a page. */
export function InvoiceSheet({ document: d }: { document: InvoiceDocument }) {
  const money = (text: string) => <Money amount={shown(text)} currency={d.currency} />;
  const vat = d.vatPercent;
  return (
    <article className="invoice-sheet" aria-label={`${d.title} ${d.number}`}>
      <header className="invoice-sheet-head">
        <address className="invoice-party">
          <PartyLines party={d.seller} />
        </address>
        <div className="invoice-sheet-title">
          <h2>
            {d.title} {d.number}
          </h2>
          <dl className="invoice-facts">
            <dt>{vat ? "Date of issue and tax point" : "Date of issue"}</dt>
            <dd>{printedDay(d.issueDate)}</dd>
            {d.kind === "invoice" ? (
              <>
                <dt>Due date</dt>
                <dd>{printedDay(d.dueDate)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </header>
      <address className="invoice-party">
        <span className="invoice-label">Bill to</span>
        <PartyLines party={d.buyer} />
      </address>
      <table className="invoice-items">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Hours
            </th>
            <th scope="col" className="num">
              Price
            </th>
            {vat ? (
              <th scope="col" className="num">
                VAT
              </th>
            ) : null}
            <th scope="col" className="num">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an item's place is its identity here
            <tr key={index}>
              <td>
                {line.description}
                {line.period ? <span className="invoice-period">{line.period}</span> : null}
              </td>
              <td className="num">{line.hours}</td>
              <td className="num">{displayAmount(line.price)}</td>
              {vat ? <td className="num">{vat}%</td> : null}
              <td className="num">{money(line.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="invoice-totals">
        <dt>Subtotal</dt>
        <dd>{money(d.subtotal)}</dd>
        {shown(d.discount) > 0 ? (
          <>
            <dt>{d.discountLabel}</dt>
            <dd>
              <Money amount={-shown(d.discount)} currency={d.currency} />
            </dd>
            <dt>Net</dt>
            <dd>{money(d.net)}</dd>
          </>
        ) : null}
        <dt>{vat ? `VAT at ${vat}%` : "VAT"}</dt>
        <dd>{money(d.vat)}</dd>
        {d.vatInSterling ? (
          <>
            <dt>
              VAT in sterling{" "}
              <span className="invoice-period">
                at £{d.sterlingRate} per {d.currency} ({d.sterlingRateAsOf})
              </span>
            </dt>
            <dd>
              <Money amount={shown(d.vatInSterling)} currency="GBP" />
            </dd>
          </>
        ) : null}
        <dt className="invoice-total">{d.kind === "invoice" ? "Total due" : "Total credited"}</dt>
        <dd className="invoice-total">{money(d.total)}</dd>
      </dl>
      {d.kind === "invoice" ? (
        <section className="invoice-pay" aria-label="How to pay">
          <h3>How to pay</h3>
          <p>
            Please pay {money(d.total)} by {printedDay(d.dueDate)}, quoting the reference{" "}
            <strong>{d.payTo.reference}</strong>.
          </p>
          <dl className="invoice-facts">
            <dt>Account name</dt>
            <dd>{d.payTo.holder}</dd>
            {d.payTo.sortCode && d.payTo.accountNumber ? (
              <>
                <dt>Sort code</dt>
                <dd>{d.payTo.sortCode}</dd>
                <dt>Account number</dt>
                <dd>{d.payTo.accountNumber}</dd>
              </>
            ) : null}
            <dt>IBAN</dt>
            <dd>{d.payTo.iban}</dd>
            <dt>BIC</dt>
            <dd>{d.payTo.bic}</dd>
          </dl>
          {d.epcPayload ? (
            <p className="muted">The PDF carries a QR code your client's banking app can scan to pay.</p>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
