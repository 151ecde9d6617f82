import { useState } from "react";
import { TextField } from "../../../ui/fields";
import type { Card } from "../api";
import { type ActivationFields as Fields, activationProblems } from "../model";
import { problemOf } from "./SmsApproval";

/** A delivered card's activation: the last four digits printed on it and a new PIN, twice. */
export function ActivationForm({
  card,
  activate,
  onDone,
}: {
  card: Card;
  activate: (lastDigits: string, pin: string) => Promise<unknown>;
  onDone: () => Promise<void> | void;
}) {
  const [values, setValues] = useState({ lastDigits: "", pin: "", confirm: "" });
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = activationProblems(values.lastDigits, values.pin, values.confirm);
    setFields(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await activate(values.lastDigits.trim(), values.pin.trim());
      await onDone();
    } catch (caught) {
      setFields((caught as { fields?: Fields }).fields ?? {});
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
    <>
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
    </>
  );
}
