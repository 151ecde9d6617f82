import { formatMoney, formatSigned } from "../lib/format";

/**
 * An amount as the bank shows it (SPEC §9): tabular figures that line up, never broken across
 * lines. `signed` marks money in with "+" and the positive colour and money out with "-", as a
 * transaction list does; a balance is shown unsigned.
 */
export function Money({
  amount,
  currency,
  signed = false,
  className,
}: {
  amount: number;
  currency: string;
  signed?: boolean;
  className?: string;
}) {
  const direction = !signed || amount === 0 ? "" : amount > 0 ? " money-in" : " money-out";
  return (
    <span className={`money${direction}${className ? ` ${className}` : ""}`}>
      {signed ? formatSigned(amount, currency) : formatMoney(amount, currency)}
    </span>
  );
}
