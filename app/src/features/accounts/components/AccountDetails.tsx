import { CopyButton } from "../../../ui/CopyButton";
import type { BankAccount } from "../api";

function groupIban(iban: string): string {
  return iban.replace(/(.{4})/g, "$1 ").trim();
}

function sortCode(code: string): string {
  return code.replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3");
}

/** SPEC §2 account details: each identifier copyable. */
export function AccountDetails({ account }: { account: BankAccount }) {
  const rows: [string, string, string][] = [
    ["Account name", account.name, account.name],
    ["IBAN", groupIban(account.iban), account.iban],
    ["BIC", account.bic, account.bic],
  ];
  if (account.ukSortCode && account.ukAccountNumber) {
    rows.push(["Sort code", sortCode(account.ukSortCode), account.ukSortCode]);
    rows.push(["Account number", account.ukAccountNumber, account.ukAccountNumber]);
  }
  rows.push(["Bank name", account.bankName, account.bankName]);
  return (
    <dl className="details account-details">
      {rows.map(([label, shown, value]) => (
        <div key={label} className="details-row">
          <dt>{label}</dt>
          <dd>
            <span className="details-value">{shown}</span>
            <CopyButton value={value} label={label} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
