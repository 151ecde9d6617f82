import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { AmountInput } from "../../../ui/AmountInput";
import { approvalRulesQuery, approvalsApi } from "../api";

/** An Account Owner's thresholds per currency: above one, a colleague's transfer needs a second
 * approval (issue 13 point 6). */
export function ApprovalRules() {
  const { session } = useApp();
  if (session.accessRole !== "admin" || !session.isBusiness) return null;
  return <Rules />;
}

function Rules() {
  const client = useQueryClient();
  const currencies = [
    ...new Set(
      useSuspenseQuery(bankAccountsQuery())
        .data.results.filter((a) => a.status === "active")
        .map((a) => a.currency),
    ),
  ];
  const rules = useQuery(approvalRulesQuery()).data?.results ?? [];
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const thresholdOf = (currency: string) =>
    drafts[currency] ?? rules.find((r) => r.currency === currency)?.threshold ?? "";
  return (
    <section className="panel panel-wide" aria-labelledby="rules-title">
      <h2 id="rules-title">Approval rules</h2>
      <p>
        A transfer by a colleague above the amount waits for a second member's approval. Leave empty for none.
      </p>
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice notice-success"} role="status">
          {message.text}
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (async () => {
            try {
              for (const currency of currencies) {
                const value = thresholdOf(currency);
                await approvalsApi.setRule(currency, value === "" ? null : value);
              }
              setMessage({ text: "Approval rules saved", error: false });
              setDrafts({});
              void client.invalidateQueries({ queryKey: approvalRulesQuery().queryKey });
            } catch (caught) {
              setMessage({
                text: caught instanceof ApiError ? caught.message : "Something went wrong",
                error: true,
              });
            }
          })();
        }}
      >
        {currencies.map((currency) => (
          <AmountInput
            key={currency}
            label={`Second approval above (${currency})`}
            name={`threshold-${currency}`}
            value={thresholdOf(currency)}
            currency={currency}
            onChange={(value) => setDrafts((d) => ({ ...d, [currency]: value }))}
          />
        ))}
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            Save approval rules
          </button>
        </div>
      </form>
    </section>
  );
}
