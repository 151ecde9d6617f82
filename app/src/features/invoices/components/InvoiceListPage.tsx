import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { Link } from "../../../routing/Link";
import { useApp } from "../../../lib/appContext";
import { allows } from "../../../lib/rights";
import { usePageQuery } from "../../../lib/usePageQuery";
import { DatePicker } from "../../../ui/DatePicker";
import { Money } from "../../../ui/Money";
import { EmptyState } from "../../../ui/Notice";
import { Pagination } from "../../../ui/Pagination";
import { Select } from "../../../ui/Select";
import { StatusChip } from "../../../ui/StatusChip";
import { invoicesQuery, partnersQuery } from "../api";
import { filtersOf } from "../filters";
import { shown, statusOf, printedDay } from "../model";

/** SPEC §2 invoice/list: the business's invoices with their status and totals, newest first,
 * by status, client and issue dates. */
export function InvoiceListPage() {
  const { session } = useApp();
  const query = usePageQuery();
  const navigate = useNavigate();
  const { page, filters } = filtersOf(query);
  const { data } = useSuspenseQuery(invoicesQuery(page, filters));
  const partners = useQuery(partnersQuery()).data?.results ?? [];
  const canWrite = allows(session, "invoice", "rw");
  const filtered = Object.keys(filters).length > 0;

  const goTo = (next: number) => {
    const params = new URLSearchParams({ ...query, page: String(next) });
    navigate(`/invoice/list?${params.toString()}`);
  };

  return (
    <section aria-labelledby="invoices-title" className="invoices">
      <div className="page-head">
        <h1 id="invoices-title">My Invoices</h1>
        {canWrite ? (
          <Link to="/invoice/new" className="button button-primary">
            New invoice
          </Link>
        ) : null}
      </div>
      <form
        method="get"
        action="/invoice/list"
        className="invoice-filters"
        aria-label="Filter invoices"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const params = new URLSearchParams();
          for (const [name, value] of form) if (typeof value === "string" && value) params.set(name, value);
          navigate(`/invoice/list${params.size > 0 ? `?${params.toString()}` : ""}`);
        }}
      >
        <Select
          label="Status"
          name="status"
          defaultValue={query.status ?? ""}
          options={[
            { value: "", label: "All" },
            { value: "draft", label: "Drafts" },
            { value: "sent", label: "Sent" },
          ]}
        />
        <Select
          label="Contractor/client"
          name="partnerId"
          defaultValue={query.partnerId ?? ""}
          options={[{ value: "", label: "All" }, ...partners.map((p) => ({ value: p.id, label: p.name }))]}
        />
        <DatePicker label="Issued from" name="from" defaultValue={query.from ?? ""} />
        <DatePicker label="Issued to" name="to" defaultValue={query.to ?? ""} />
        <button type="submit" className="button button-secondary">
          Show
        </button>
      </form>
      {data.results.length === 0 ? (
        <EmptyState title={filtered ? "No invoices match" : "No invoices yet"}>
          <p>
            {filtered
              ? "Try other filters."
              : "Bill a client from your account: we match their payment to the invoice when it arrives."}
          </p>
        </EmptyState>
      ) : (
        <ul className="invoice-list" aria-label="Invoices">
          {data.results.map((invoice) => {
            const status = statusOf(invoice);
            return (
              <li key={invoice.id}>
                <Link to={`/invoice/view/${invoice.id}`} className="invoice-row">
                  <span className="invoice-row-main">
                    <strong>{invoice.number}</strong>
                    <span className="muted">{invoice.partner?.name ?? "No client"}</span>
                  </span>
                  <span className="invoice-row-dates muted">
                    Issued {printedDay(invoice.issueDate)} · due {printedDay(invoice.dueDate)}
                  </span>
                  <span className="invoice-row-end">
                    <Money amount={shown(invoice.totals.total)} currency={invoice.currency} />
                    <StatusChip tone={status.tone}>{status.label}</StatusChip>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination current={page} total={data.totalPages} onChange={goTo} label="Invoice pages" />
      <p className="muted invoice-count">
        {data.totalResults} {data.totalResults === 1 ? "invoice" : "invoices"}
      </p>
    </section>
  );
}
