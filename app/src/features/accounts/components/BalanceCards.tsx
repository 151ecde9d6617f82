import { Flag } from "../../../ui/Icon";
import { Link } from "../../../routing/Link";
import { Money } from "../../../ui/Money";
import { withQuery } from "../filters";
import type { BankAccount } from "../api";
import { selectable } from "../access";

const STATUS_LABEL: Record<string, string> = {
  pending: "Opening…",
  suspended: "Suspended",
  inactive: "Inactive",
  draft: "Draft",
  closed: "Closed",
};

/** SPEC §4 balance cards, in the server's order; selectable ones pick the account. */
export function BalanceCards({
  accounts,
  selectedId,
  query,
}: {
  accounts: BankAccount[];
  selectedId: string | undefined;
  query: Record<string, string>;
}) {
  return (
    <ul className="balance-cards" aria-label="Your accounts">
      {accounts.map((account) => {
        const body = (
          <>
            <span className="balance-currency">
              <Flag currency={account.currency} />
              {account.currency}
              {account.isPrimary ? <span className="balance-primary"> · Primary</span> : null}
            </span>
            <strong className="balance-amount">
              <Money amount={account.balance.available} currency={account.currency} />
            </strong>
            {STATUS_LABEL[account.status] ? (
              <span className="balance-status">{STATUS_LABEL[account.status]}</span>
            ) : null}
          </>
        );
        const selected = account.id === selectedId;
        return (
          <li key={account.id} className={selected ? "balance-card balance-selected" : "balance-card"}>
            {selectable(account) ? (
              <Link
                to={withQuery(query, { account: account.id, txn: null })}
                aria-current={selected ? "true" : undefined}
                preventScrollReset
              >
                {body}
              </Link>
            ) : (
              <div>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
