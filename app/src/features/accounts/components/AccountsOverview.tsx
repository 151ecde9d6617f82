import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { useLocation } from "react-router";
import { useApp } from "../../../lib/appContext";
import { readsTransactions } from "../../../lib/rights";
import { parseQuery } from "../../../lib/url";
import { Notice } from "../../../ui/Notice";
import { chooseAccount } from "../access";
import { bankAccountsQuery } from "../api";
import { AccountDetails } from "./AccountDetails";
import { BalanceCards } from "./BalanceCards";
import { OpenAccount } from "./OpenAccount";
import { TransactionDetail } from "./TransactionDetail";
import { TransactionList } from "./TransactionList";
import { Welcome } from "./Welcome";

/**
 * The dashboard's money (issue 28 point 3): the balances with the quick actions beside them,
 * then recent activity by day. Opening another currency is a quiet second action. On the phone
 * the selected account's details open here from the "Add money" action (`?details=open`, which
 * works without JavaScript too), so recent activity stays on the first screen.
 */
export function AccountsOverview({ actions }: { actions?: ReactNode }) {
  const { session, layout } = useApp();
  const query = parseQuery(useLocation().search);
  const accounts = useQuery(bankAccountsQuery());
  const list = accounts.data?.results ?? [];
  const selected = chooseAccount(list, query.account);

  if (accounts.isError) {
    return <Notice tone="error">Your accounts could not be loaded. Try again later.</Notice>;
  }
  if (accounts.isSuccess && list.length === 0) {
    return <p className="empty-state">You have no accounts yet.</p>;
  }
  return (
    <div className="accounts">
      <div className="money-head">
        <BalanceCards accounts={list} selectedId={selected?.id} query={query} />
        {actions}
      </div>
      {session.accessRole === "admin" && accounts.isSuccess ? (
        <details className="open-another">
          <summary>Open another currency account</summary>
          <OpenAccount accounts={list} />
        </details>
      ) : null}
      {selected && layout === "mobile" && query.details === "open" ? (
        // The phone's "Add money": the account's details, opened by the quick action.
        <details id="account-details" className="card account-details-toggle" open>
          <summary>Account details</summary>
          <AccountDetails account={selected} />
        </details>
      ) : null}
      {selected ? <Welcome account={selected} query={query} /> : null}
      <div className="accounts-body">
        {selected && readsTransactions(session) ? (
          // Its own boundary: React hydrates the balances and actions first and the list (the
          // longest part of the page) in a later task, so the first screen answers sooner.
          <Suspense fallback={null}>
            <TransactionList account={selected} query={query} />
          </Suspense>
        ) : null}
        {query.txn ? <TransactionDetail id={query.txn} query={query} /> : null}
      </div>
    </div>
  );
}
