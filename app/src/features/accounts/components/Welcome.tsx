import { useInfiniteQuery } from "@tanstack/react-query";
import { useApp } from "../../../lib/appContext";
import { readsTransactions } from "../../../lib/rights";
import { type BankAccount, transactionsQuery } from "../api";
import { filtersFromQuery, hasFilters } from "../filters";
import { AccountDetails } from "./AccountDetails";

/** A new customer's first dashboard: a welcome, and how to add money, each detail copyable.
 * It shows while the account has had no transaction at all (the unfiltered list the dashboard
 * loads anyway, so it costs no request). */
export function Welcome({ account, query }: { account: BankAccount; query: Record<string, string> }) {
  const { session, site } = useApp();
  const filters = filtersFromQuery(query);
  const unfiltered = !hasFilters(filters);
  const list = useInfiniteQuery({
    ...transactionsQuery(account.id, filters),
    enabled: unfiltered && readsTransactions(session),
  });
  const empty = unfiltered && list.isSuccess && (list.data.pages[0]?.totalResults ?? 0) === 0;
  if (!empty || account.status !== "active") return null;
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">Welcome to {site.tradingName}</h2>
      <p>
        Your {account.currency} account is open. Add money by sending a bank transfer to these details, from
        any bank:
      </p>
      <AccountDetails account={account} />
    </section>
  );
}
