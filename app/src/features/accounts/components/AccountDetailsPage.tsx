import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { parseQuery } from "../../../lib/url";
import { chooseAccount } from "../access";
import { bankAccountsQuery } from "../api";
import { AccountDetails } from "./AccountDetails";
import { BalanceCards } from "./BalanceCards";

/** SPEC §2 bank-accounts/details (desktop): how to pay into the selected account. */
export function AccountDetailsPage() {
  const query = parseQuery(useLocation().search);
  const accounts = useQuery(bankAccountsQuery());
  const list = accounts.data?.results ?? [];
  const selected = chooseAccount(list, query.account);
  return (
    <section aria-labelledby="account-details-title">
      <h1 id="account-details-title">Account details</h1>
      {accounts.isSuccess && !selected ? <p className="empty-state">You have no accounts yet.</p> : null}
      <BalanceCards accounts={list} selectedId={selected?.id} query={query} />
      {selected ? (
        <div className="card">
          <h2>
            {selected.currency} account{selected.alias ? ` · ${selected.alias}` : ""}
          </h2>
          <AccountDetails account={selected} />
        </div>
      ) : null}
    </section>
  );
}
