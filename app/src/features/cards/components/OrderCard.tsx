import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { profilesQuery } from "../../../api/profiles";
import { cardsApi, cardsQuery, type ShippingAddress, shippingQuery, type ShippingType } from "../api";
import { addressErrors, ShippingFields } from "../../../ui/ShippingFields";
import { problemOf } from "./SmsApproval";

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
      setFields(addressErrors((caught as { fields?: Record<string, string> }).fields));
      setError(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel order-card" aria-labelledby="order-card-title">
      <h2 id="order-card-title">Order a card</h2>
      <ShippingFields
        options={data.options}
        chosen={chosen}
        onChoose={setKind}
        other={other}
        onOther={setOther}
        errors={fields}
      />
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
