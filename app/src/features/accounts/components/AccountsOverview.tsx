import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { useApp } from "../../../lib/appContext";
import { parseQuery } from "../../../lib/url";
import { readsTransactions } from "../../../lib/rights";
import { chooseAccount } from "../access";
import { bankAccountsQuery } from "../api";
import { AccountDetails } from "./AccountDetails";
import { BalanceCards } from "./BalanceCards";
import { OpenAccount } from "./OpenAccount";
import { TransactionDetail } from "./TransactionDetail";
import { TransactionList } from "./TransactionList";

/** The dashboard's money: balance cards, the selected account and its transactions. */
export function AccountsOverview() {
  const { session, layout } = useApp();
  const query = parseQuery(useLocation().search);
  const accounts = useQuery(bankAccountsQuery());
  const list = accounts.data?.results ?? [];
  const selected = chooseAccount(list, query.account);

  if (accounts.isError) {
    return (
      <p className="notice notice-error" role="alert">
        Your accounts could not be loaded. Try again later.
      </p>
    );
  }
  if (accounts.isSuccess && list.length === 0) {
    return <p className="empty-state">You have no accounts yet.</p>;
  }
  return (
    <div className="accounts">
      <BalanceCards accounts={list} selectedId={selected?.id} query={query} />
      {session.accessRole === "admin" && accounts.isSuccess ? <OpenAccount accounts={list} /> : null}
      {selected && layout === "mobile" ? (
        <details className="card account-details-toggle">
          <summary>Account details</summary>
          <AccountDetails account={selected} />
        </details>
      ) : null}
      <div className="accounts-body">
        {selected && readsTransactions(session) ? <TransactionList account={selected} query={query} /> : null}
        {query.txn ? <TransactionDetail id={query.txn} query={query} /> : null}
      </div>
    </div>
  );
}
