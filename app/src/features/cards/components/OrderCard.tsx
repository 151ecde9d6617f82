import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { profilesQuery } from "../../profiles/api";
import { TextField } from "../../../ui/TextField";
import { cardsApi, cardsQuery, type ShippingAddress, shippingQuery, type ShippingType } from "../api";
import { problemOf } from "./SmsApproval";

const KIND_LABELS: Record<ShippingType, string> = {
  registered: "Registered address",
  trading: "Trading address",
  other: "Another address",
};

const oneLine = (a: ShippingAddress) =>
  [a.addressLine1, a.addressLine2, a.city, a.postalCode, a.countryCode].filter(Boolean).join(", ");

type AddressField = "addressLine1" | "addressLine2" | "city" | "postalCode" | "countryCode";
const FIELDS: [AddressField, string][] = [
  ["addressLine1", "Address line 1"],
  ["addressLine2", "Address line 2 (optional)"],
  ["city", "City"],
  ["postalCode", "Postcode"],
  ["countryCode", "Country code"],
];

/** Ordering a card: where to send it (SPEC §2 shipping address choice), then the order; the
 * profiles and cards are fetched again after it (SPEC §7). */
export function OrderCard() {
  const client = useQueryClient();
  const { data } = useQuery(shippingQuery());
  const [kind, setKind] = useState<ShippingType | null>(null);
  const [other, setOther] = useState<ShippingAddress>({ countryCode: "GB" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!data) return <p className="field-hint">Loading your addresses…</p>;
  const chosen = kind ?? data.cardShippingAddressType ?? data.options[0]?.type ?? "other";
  const order = async () => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await cardsApi.chooseShipping(chosen, chosen === "other" ? other : undefined);
      await cardsApi.order();
      await Promise.all([
        client.invalidateQueries({ queryKey: cardsQuery().queryKey }),
        client.invalidateQueries({ queryKey: profilesQuery().queryKey }),
      ]);
    } catch (caught) {
      const answer = caught as { fields?: Record<string, string> };
      const perField = Object.fromEntries(
        Object.entries(answer.fields ?? {}).map(([name, message]) => [
          name.replace(/^address\./, ""),
          message,
        ]),
      );
      setFields(perField);
      setError(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const choices: ShippingType[] = [...data.options.map((option) => option.type), "other"];
  return (
    <section className="panel order-card" aria-labelledby="order-card-title">
      <h2 id="order-card-title">Order a card</h2>
      <fieldset>
        <legend>Where should we send it?</legend>
        {choices.map((type) => {
          const known = data.options.find((option) => option.type === type);
          return (
            <label key={type} className="choice">
              <input
                type="radio"
                name="shippingType"
                value={type}
                checked={chosen === type}
                onChange={() => setKind(type)}
              />
              {known ? `${KIND_LABELS[type]}: ${oneLine(known.address)}` : KIND_LABELS[type]}
            </label>
          );
        })}
      </fieldset>
      {chosen === "other" ? (
        <div className="stack">
          {FIELDS.map(([name, label]) => (
            <TextField
              key={name}
              label={label}
              name={name}
              value={other[name] ?? ""}
              error={fields[name]}
              onChange={(event) => setOther({ ...other, [name]: event.target.value })}
            />
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button-primary" disabled={busy} onClick={() => void order()}>
        Order card
      </button>
    </section>
  );
}
