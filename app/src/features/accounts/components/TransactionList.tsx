import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { formatDate, formatSigned, formatTime } from "../../../lib/format";
import { TextField } from "../../../ui/TextField";
import { type BankAccount, type Transaction, transactionsQuery } from "../api";
import { filtersFromQuery, hasFilters, TYPE_GROUPS, withQuery } from "../filters";

/** Who or what a transaction is about, as the list names it. */
export function transactionTitle(txn: Transaction): string {
  if (txn.acceptor) return txn.acceptor.name;
  if (txn.type === "transfer") return (txn.amount > 0 ? txn.sender?.name : txn.receiver?.name) ?? txn.details;
  return txn.details || txn.type.replace(/_/g, " ");
}

export function TransactionList({ account, query }: { account: BankAccount; query: Record<string, string> }) {
  const filters = filtersFromQuery(query);
  const list = useInfiniteQuery(transactionsQuery(account.id, filters));
  const items = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.totalResults ?? 0;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // Infinite list: the next 50 load as the end of the list scrolls into view.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section className="transactions" aria-labelledby="transactions-title">
      <h2 id="transactions-title">Transactions</h2>
      <FilterForm query={query} />
      {list.isError ? (
        <p className="notice notice-error" role="alert">
          Transactions could not be loaded. Try again later.
        </p>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <p className="empty-state">
          {hasFilters(filters) ? "No transactions match these filters." : "No transactions yet."}
        </p>
      ) : null}
      {items.length > 0 ? (
        <>
          <p className="transactions-count">
            {total} {total === 1 ? "transaction" : "transactions"}
          </p>
          <ul className="txn-list">
            {items.map((txn) => (
              <li key={txn.id}>
                <Link
                  className="txn-row"
                  to={withQuery(query, { txn: txn.id })}
                  preventScrollReset
                  data-status={txn.status}
                >
                  <span className="txn-title">{transactionTitle(txn)}</span>
                  <span className="txn-when">
                    {formatDate(txn.createdAt)} {formatTime(txn.createdAt)}
                    {txn.status === "declined" ? " · Declined" : null}
                    {txn.status === "pending" ? " · Pending" : null}
                  </span>
                  <span className={txn.amount > 0 ? "txn-amount txn-in" : "txn-amount"}>
                    {formatSigned(txn.amountTotal, txn.currency)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div ref={sentinel} />
      {hasNextPage ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? "Loading…" : "Show more"}
        </button>
      ) : null}
    </section>
  );
}

/** A GET form: without JavaScript the server renders the filtered list; with it, the router does. */
function FilterForm({ query }: { query: Record<string, string> }) {
  const navigate = useNavigate();
  return (
    <form
      method="get"
      className="txn-filters"
      aria-label="Filter transactions"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const value = (name: string) => String(data.get(name) ?? "");
        void navigate(
          withQuery(query, {
            q: value("q").trim(),
            type: value("type"),
            from: value("from"),
            to: value("to"),
            txn: null,
          }),
          { preventScrollReset: true },
        );
      }}
    >
      {query.account ? <input type="hidden" name="account" value={query.account} /> : null}
      <TextField
        label="Search"
        name="q"
        type="search"
        defaultValue={query.q ?? ""}
        placeholder="Name or reference"
      />
      <div className="field">
        <label htmlFor="txn-type">Type</label>
        <select id="txn-type" name="type" defaultValue={query.type ?? ""}>
          <option value="">All types</option>
          {Object.entries(TYPE_GROUPS).map(([value, group]) => (
            <option key={value} value={value}>
              {group.label}
            </option>
          ))}
        </select>
      </div>
      <TextField label="From" name="from" type="date" defaultValue={query.from ?? ""} />
      <TextField label="To" name="to" type="date" defaultValue={query.to ?? ""} />
      <button type="submit" className="button button-secondary">
        Apply
      </button>
    </form>
  );
}
