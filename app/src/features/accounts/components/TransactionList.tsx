import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { formatTime } from "../../../lib/format";
import { useLinkClicks } from "../../../routing/linkClicks";
import { Avatar } from "../../../ui/Avatar";
import { DatePicker } from "../../../ui/DatePicker";
import type { IconName } from "../../../ui/Icon";
import { Money } from "../../../ui/Money";
import { Select } from "../../../ui/Select";
import { StatusChip } from "../../../ui/StatusChip";
import { TextField } from "../../../ui/fields";
import { type BankAccount, type Transaction, transactionsQuery } from "../api";
import { countLabel } from "../countLabel";
import { groupByDay } from "../days";
import { filtersFromQuery, hasFilters, TYPE_GROUPS, withQuery } from "../filters";

/** Who or what a transaction is about, as the list names it. */
export function transactionTitle(txn: Transaction): string {
  if (txn.acceptor) return txn.acceptor.name;
  if (txn.type === "transfer") return (txn.amount > 0 ? txn.sender?.name : txn.receiver?.name) ?? txn.details;
  return txn.details || txn.type.replace(/_/g, " ");
}

/** Fees, exchanges and card payments by their kind; a payment with a person or company by its
 * initials. */
const KIND_ICONS: Partial<Record<Transaction["type"], IconName>> = {
  fee: "statement",
  card_fee: "statement",
  currency_exchange: "exchange",
  card_purchase: "card",
  card_refund: "card",
  card_withdrawal: "card",
};

function TransactionAvatar({ txn }: { txn: Transaction }) {
  return (
    <Avatar name={transactionTitle(txn)} icon={txn.acceptor ? "card" : (KIND_ICONS[txn.type] ?? undefined)} />
  );
}

export function TransactionList({ account, query }: { account: BankAccount; query: Record<string, string> }) {
  const filters = filtersFromQuery(query);
  const list = useInfiniteQuery(transactionsQuery(account.id, filters));
  const items = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.totalResults ?? 0;
  const capped = list.data?.pages[0]?.totalCapped ?? false;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // The rows are plain links under one handler (see linkClicks): the detail opens in place.
  const onRowClick = useLinkClicks({ preventScrollReset: true });

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
          <p className="transactions-count">{countLabel(total, capped)}</p>
          {groupByDay(items, new Date()).map((group) => (
            <section key={group.day} className="txn-day" aria-label={group.label}>
              <h3 className="txn-day-title">{group.label}</h3>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a row's link is a click that bubbles here */}
              <ul className="txn-list" onClick={onRowClick}>
                {group.items.map((txn) => (
                  <li key={txn.id}>
                    <a className="txn-row" href={withQuery(query, { txn: txn.id })} data-status={txn.status}>
                      <TransactionAvatar txn={txn} />
                      <span className="txn-title">{transactionTitle(txn)}</span>
                      <span className="txn-when">
                        {formatTime(txn.createdAt)}
                        {txn.status === "declined" ? <StatusChip tone="red">Declined</StatusChip> : null}
                        {txn.status === "pending" ? <StatusChip tone="blue">Pending</StatusChip> : null}
                      </span>
                      <Money amount={txn.amountTotal} currency={txn.currency} signed className="txn-amount" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
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

const TYPE_OPTIONS = [
  { value: "", label: "All types" },
  ...Object.entries(TYPE_GROUPS).map(([value, group]) => ({ value, label: group.label })),
];

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
      <div className="txn-search">
        <TextField
          label="Search"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder="Name or reference"
        />
        <button type="submit" className="button button-secondary">
          Apply
        </button>
      </div>
      <details className="txn-more" open={Boolean(query.type || query.from || query.to)}>
        <summary>Type and dates</summary>
        <div className="txn-more-fields">
          <Select label="Type" name="type" defaultValue={query.type ?? ""} options={TYPE_OPTIONS} />
          <DatePicker label="From" name="from" defaultValue={query.from ?? ""} max={query.to || undefined} />
          <DatePicker label="To" name="to" defaultValue={query.to ?? ""} min={query.from || undefined} />
        </div>
      </details>
    </form>
  );
}
