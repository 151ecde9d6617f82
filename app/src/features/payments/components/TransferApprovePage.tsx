import { plainFormError } from "../plainFormError";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Link } from "../../../routing/Link";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { useApp } from "../../../lib/appContext";
import { isoDay, londonDay } from "../../../lib/format";
import { usePageQuery } from "../../../lib/usePageQuery";
import { paysTransactions } from "../../../lib/rights";
import { Redirect } from "../../../routing/Redirect";
import { CodeInput } from "../../../ui/CodeInput";
import { Money } from "../../../ui/Money";
import { type PayeeCheck, recipientsQuery } from "../api";
import { arrivalText } from "../arrival";
import { payeeAccount } from "../payeeAccount";
import { SCHEME_LABELS } from "./transfer/labels";
import { PayeeCheckPanel } from "./transfer/PayeeCheckPanel";
import { TransferReview } from "./transfer/TransferReview";

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
  "fee",
  "total",
  "currency",
  "arrivesEarliest",
  "arrivesLatest",
  "payeeCheck",
  "payeeCheckResult",
  "payeeCheckMessage",
  "payeeCheckName",
  "payeeCheckType",
  "payeeCheckConsent",
] as const;

const CHECK_RESULTS = ["match", "close_match", "no_match", "type_mismatch", "unavailable"] as const;

/** The payee check the server made for this transfer, as the page was posted it. */
function postedCheck(query: Record<string, string | undefined>): PayeeCheck | null {
  const result = CHECK_RESULTS.find((r) => r === query.payeeCheckResult);
  if (!query.payeeCheck || !result) return null;
  const type = query.payeeCheckType;
  return {
    id: query.payeeCheck,
    result,
    message: query.payeeCheckMessage ?? "",
    name: query.payeeCheckName || null,
    accountType: type === "company" || type === "private" ? type : null,
    needsConsent: query.payeeCheckConsent === "true",
  };
}

/**
 * The SMS approval of a UK local transfer sent as a plain form (issue 11 point 7): the page the
 * server answers the transfer form's post with, the transfer and its fee in what was posted
 * (never in the address, issue 28). The code posts back with it; the server checks that the
 * code was given for exactly this transfer.
 */
export function TransferApprovePage() {
  const { session } = useApp();
  // SPEC §2/§6: paying needs the transaction right and a complete account.
  return paysTransactions(session) && session.accountReady ? <Approve /> : <Redirect to="/dashboard" />;
}

function Approve() {
  const query = usePageQuery();
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results;
  const recipients = useSuspenseQuery(recipientsQuery()).data.results;
  const [code, setCode] = useState("");
  const [accepted, setAccepted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  if (!query.request || !query.id) return <Redirect to="/dashboard" />;
  const account = accounts.find((a) => a.id === query.bankAccountId);
  const saved = recipients.find((r) => r.id === query.recipientId);
  const payee = saved?.name ?? query.name ?? "";
  const check = postedCheck(query);
  const currency = query.currency ?? account?.currency ?? "GBP";
  const money = (amount: string | undefined) => <Money amount={Number(amount ?? "0")} currency={currency} />;
  const receiver = {
    iban: "",
    bic: "",
    routingCode: "",
    ukSortCode: saved?.ukSortCode ?? query.ukSortCode ?? "",
    ukAccountNumber: saved?.ukAccountNumber ?? query.ukAccountNumber ?? "",
  };
  return (
    <section className="panel" aria-labelledby="approve-title">
      <h1 id="approve-title">Approve the transfer</h1>
      {query.error ? (
        <p className="notice notice-error" role="alert">
          {plainFormError(query.error)}
        </p>
      ) : null}
      <TransferReview
        rows={[
          ...(account ? [{ term: "From", value: `${account.currency} · ${account.iban}` }] : []),
          { term: "You send", value: money(query.amount) },
          ...(query.fee ? [{ term: "Fee", value: money(query.fee) }] : []),
          ...(query.total ? [{ term: "Total", value: money(query.total), strong: true }] : []),
          { term: "To", value: payee },
          { term: "Account", value: payeeAccount(receiver, "local") },
          { term: "Reference", value: query.details || "None" },
          { term: "Payment type", value: SCHEME_LABELS.local },
          ...(query.arrivesEarliest
            ? [
                {
                  term: "Arrives",
                  value: arrivalText(
                    { earliest: query.arrivesEarliest, latest: query.arrivesLatest ?? query.arrivesEarliest },
                    "local",
                    isoDay(londonDay(new Date())),
                  ),
                },
              ]
            : []),
        ]}
      />
      <p>
        We sent a code to your phone: the text names the total and the payee. Check them before you enter it.
      </p>
      <form method="post" action="/transfer/approve" ref={form}>
        {CARRIED.map((name) =>
          query[name] ? <input key={name} type="hidden" name={name} value={query[name]} /> : null,
        )}
        {check ? <PayeeCheckPanel check={check} accepted={accepted} onAccept={setAccepted} /> : null}
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
