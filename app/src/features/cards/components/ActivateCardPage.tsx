import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { parseQuery } from "../../../lib/url";
import { Go } from "../../../routing/Go";
import { TextField } from "../../../ui/TextField";
import { cardsApi, cardsQuery } from "../api";
import { type ActivationFields as Fields, activationProblems } from "../model";
import { problemOf } from "./SmsApproval";

/** SPEC §2 cards/activate: a delivered card, with the last four digits printed on it and a PIN. */
export function ActivateCardPage() {
  const query = parseQuery(useLocation().search);
  const { data } = useSuspenseQuery(cardsQuery());
  const card =
    data.results.find((c) => c.id === query.card && c.status === "activation_pending") ??
    data.results.find((c) => c.status === "activation_pending");
  const client = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState({ lastDigits: "", pin: "", confirm: "" });
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!card) return <Go to="/cards" />;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = activationProblems(values.lastDigits, values.pin, values.confirm);
    setFields(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await cardsApi.activate(card.id, values.lastDigits.trim(), values.pin.trim());
      await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
      navigate(`/cards?card=${encodeURIComponent(card.id)}`);
    } catch (caught) {
      const answer = caught as { fields?: Fields };
      setFields(answer.fields ?? {});
      setError(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.target.value }),
  });
  return (
    <section className="panel" aria-labelledby="activate-title">
      <h1 id="activate-title">Activate your card</h1>
      <p>{`Your card ${card.panMasked} has arrived. Enter the last four digits printed on it and choose a PIN.`}</p>
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Last 4 digits of the card"
          inputMode="numeric"
          maxLength={4}
          {...field("lastDigits")}
        />
        <TextField label="New PIN" type="password" inputMode="numeric" maxLength={4} {...field("pin")} />
        <TextField
          label="Repeat the PIN"
          type="password"
          inputMode="numeric"
          maxLength={4}
          {...field("confirm")}
        />
        {error ? (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          Activate
        </button>
      </form>
    </section>
  );
}
