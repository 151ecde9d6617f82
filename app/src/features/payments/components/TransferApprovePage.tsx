import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { useApp } from "../../../lib/appContext";
import { parseQuery } from "../../../lib/url";
import { formatMoney } from "../../../lib/format";
import { paysTransactions } from "../../../lib/rights";
import { Redirect } from "../../../routing/Redirect";
import { CodeInput } from "../../../ui/CodeInput";
import { recipientsQuery } from "../api";
import { plainFormError } from "./TransferPage";

// The fields the approval carries back to the server, as the transfer form posted them.
const CARRIED = [
  "bankAccountId",
  "amount",
  "recipientId",
  "name",
  "type",
  "ukSortCode",
  "ukAccountNumber",
  "details",
  "request",
  "id",
] as const;

/**
 * The SMS approval of a UK local transfer sent as a plain form (issue 11 point 7): the page the
 * server redirects to, with the transfer in its address. The code posts back with it; the
 * server checks that the code was given for exactly this transfer.
 */
export function TransferApprovePage() {
  const { session } = useApp();
  // SPEC §2/§6: paying needs the transaction right and a complete account.
  return paysTransactions(session) && session.accountReady ? <Approve /> : <Redirect to="/dashboard" />;
}

function Approve() {
  const location = useLocation();
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results;
  const recipients = useSuspenseQuery(recipientsQuery()).data.results;
  const [code, setCode] = useState("");
  const form = useRef<HTMLFormElement>(null);
  if (!query.request || !query.id) return <Redirect to="/dashboard" />;
  const account = accounts.find((a) => a.id === query.bankAccountId);
  const payee = recipients.find((r) => r.id === query.recipientId)?.name ?? query.name ?? "";
  return (
    <section className="panel" aria-labelledby="approve-title">
      <h1 id="approve-title">Approve the transfer</h1>
      {query.error ? (
        <p className="notice notice-error" role="alert">
          {plainFormError(query.error)}
        </p>
      ) : null}
      <p>
        {account ? formatMoney(Number(query.amount ?? "0"), account.currency) : query.amount} to {payee}. We
        sent a code to your phone: the text names the amount and the payee.
      </p>
      <form method="post" action="/transfer/approve" ref={form}>
        {CARRIED.map((name) =>
          query[name] ? <input key={name} type="hidden" name={name} value={query[name]} /> : null,
        )}
        <CodeInput
          label="SMS code"
          name="code"
          value={code}
          onChange={setCode}
          onComplete={() => form.current?.requestSubmit()}
        />
        <div className="form-actions">
          <Link to="/dashboard" className="button button-quiet">
            Cancel
          </Link>
          <button type="submit" className="button button-primary">
            Approve and send
          </button>
        </div>
      </form>
    </section>
  );
}
