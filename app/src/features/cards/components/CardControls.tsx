import { useQueryClient, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney } from "../../../lib/format";
import { AmountInput } from "../../../ui/AmountInput";
import { Switch } from "../../../ui/fields";
import { Money } from "../../../ui/Money";
import { toasts } from "../../../ui/toasts";
import { type Card, cardsApi, type LimitView, limitsQuery } from "../api";
import { CONTROL_LABELS, limitProblem } from "../model";
import { problemOf } from "./SmsApproval";

/** SPEC §2 card controls (online payments, ATM withdrawals, contactless) and each one's daily
 * limit (SPEC §3 limit types); a blocked PIN is unblocked here too. */
export function CardControls({ card }: { card: Card }) {
  const client = useQueryClient();
  const { data, error } = useQuery(limitsQuery(card.id));
  const [notice, setNotice] = useState<string | null>(null);
  if (error) {
    return (
      <p className="notice notice-error" role="alert">
        {problemOf(error)}
      </p>
    );
  }
  if (!data) return <p className="field-hint">Loading the card's controls…</p>;
  const unblock = async () => {
    try {
      await cardsApi.unblockPin(card.id);
      setNotice("Your PIN is unblocked");
      await client.invalidateQueries({ queryKey: limitsQuery(card.id).queryKey });
    } catch (caught) {
      setNotice(problemOf(caught));
    }
  };
  return (
    <section className="card-controls" aria-labelledby={`controls-${card.id}`}>
      <h2 id={`controls-${card.id}`}>Controls and limits</h2>
      {notice ? (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      ) : null}
      {data.pinBlocked ? (
        <p className="notice notice-warning">
          Your PIN is blocked after three wrong tries.{" "}
          <button type="button" className="button button-small" onClick={() => void unblock()}>
            Unblock PIN
          </button>
        </p>
      ) : null}
      <ul className="team-list">
        {data.limits.map((limit) => (
          <ControlRow key={limit.type} cardId={card.id} limit={limit} />
        ))}
      </ul>
    </section>
  );
}

function ControlRow({ cardId, limit }: { cardId: string; limit: LimitView }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState(limit.dailyLimit);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = CONTROL_LABELS[limit.type];
  const save = async (change: { enabled?: boolean; dailyLimit?: string }) => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(limitsQuery(cardId).queryKey, await cardsApi.setLimit(cardId, limit.type, change));
      // A switch flips at once, so the holder is told when the bank has it.
      toasts.show(savedText(label, change), "success");
    } catch (caught) {
      setError(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = limitProblem(amount, limit.ceiling);
    setFieldError(problem ?? undefined);
    if (!problem) void save({ dailyLimit: amount });
  };
  return (
    <li className="team-member card-control">
      <Switch
        name={`${limit.type}-enabled`}
        checked={limit.enabled}
        disabled={busy}
        onChange={(event) => void save({ enabled: event.target.checked })}
        label={label}
      />
      <span className="card-control-used">
        <Money amount={Number(limit.spentToday)} currency="GBP" /> of{" "}
        <Money amount={Number(limit.dailyLimit)} currency="GBP" /> used today
      </span>
      <form className="card-limit-form" onSubmit={submit} noValidate>
        <AmountInput
          label={`${label}: daily limit`}
          name={`${limit.type}-limit`}
          currency="GBP"
          value={amount}
          onChange={setAmount}
          error={fieldError}
          hint={`At most ${formatMoney(Number(limit.ceiling), "GBP")}`}
        >
          <button type="submit" className="button button-secondary" disabled={busy}>
            Save limit
          </button>
        </AmountInput>
      </form>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** What a saved change of a control says. */
export function savedText(label: string, change: { enabled?: boolean; dailyLimit?: string }): string {
  if (change.enabled !== undefined) return `${label} ${change.enabled ? "turned on" : "turned off"}`;
  return `${label}: daily limit saved`;
}
