import { Link } from "../../../../routing/Link";
import { formatMoney } from "../../../../lib/format";
import type { TransferResult } from "../../api";
import type { Draft } from "../../draft";

/** The last step: sent, completed, or waiting for a colleague's approval (issue 13). */
export function DoneStep({
  result,
  draft,
  accountId,
  currency,
}: {
  result: TransferResult;
  draft: Draft;
  accountId: string;
  currency: string;
}) {
  const transaction = result.transaction;
  if (!transaction) {
    // Above the owner's threshold the transfer waits for a colleague's approval.
    return (
      <section className="panel" aria-labelledby="transfer-title">
        <h1 id="transfer-title">Sent for approval</h1>
        <p className="notice notice-info" role="status">
          {`${formatMoney(Number(draft.amount), currency)} to ${draft.receiver.name} waits for a colleague's approval. The money is set aside until then.`}
        </p>
        <Link className="button button-primary" to="/dashboard">
          Back to your account
        </Link>
      </section>
    );
  }
  return (
    <section className="panel" aria-labelledby="transfer-title">
      <h1 id="transfer-title">{result.status === "completed" ? "Transfer completed" : "Transfer sent"}</h1>
      <p className="notice notice-success" role="status">
        {formatMoney(Math.abs(transaction.amount), transaction.currency)} to{" "}
        {transaction.receiver?.name ?? draft.receiver.name}
        {result.status === "pending" ? " is on its way." : " has arrived."}
      </p>
      <Link className="button button-primary" to={`/dashboard?account=${accountId}&txn=${transaction.id}`}>
        Back to your account
      </Link>
    </section>
  );
}
