import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, failureText } from "../../../api/client";
import {
  chooseShipping,
  type ShippingAddress,
  type ShippingType,
  shippingQuery,
} from "../../../api/shipping";
import { Dialog } from "../../../ui/Dialog";
import { Notice } from "../../../ui/Notice";
import { addressErrors, ShippingFields } from "../../../ui/ShippingFields";
import { toasts } from "../../../ui/toasts";

/** The card shipping address event: where the profile's next card goes, saved through the card
 * shipping call (the same one the cards page uses). */
export function ShippingEvent({ onDone, onPutAside }: { onDone: () => void; onPutAside: () => void }) {
  const client = useQueryClient();
  const { data } = useQuery(shippingQuery());
  const [kind, setKind] = useState<ShippingType | null>(null);
  const [other, setOther] = useState<ShippingAddress>({ countryCode: "GB" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = kind ?? data?.cardShippingAddressType ?? data?.options[0]?.type ?? "other";

  const save = async () => {
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const saved = await chooseShipping(chosen, chosen === "other" ? other : undefined);
      client.setQueryData(shippingQuery().queryKey, saved);
      toasts.show("Your next card will go to the address you chose", "success");
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0)
        setErrors(addressErrors(caught.fields));
      else setFailure(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title="Where should we send your next card?" onClose={onPutAside}>
      <div className="promo" data-event="cardShippingAddress">
        <p>
          Choose the address for your next card: a new card, a replacement or a card for a colleague goes
          there. You can change it later under Cards.
        </p>
        {data ? (
          <ShippingFields
            legend="Send my next card to"
            options={data.options}
            chosen={chosen}
            onChoose={setKind}
            other={other}
            onOther={setOther}
            errors={errors}
          />
        ) : (
          <p className="field-hint">Loading your addresses…</p>
        )}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="form-actions">
          <button type="button" className="button button-quiet" onClick={onPutAside}>
            Not now
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !data}
            onClick={() => void save()}
          >
            Save address
          </button>
        </div>
      </div>
    </Dialog>
  );
}
