import { Checkbox, TextField } from "../../../ui/fields";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { refusalOf } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import {
  companyAddressesQuery,
  corporateApi,
  type ShippingAddress,
  type ShippingType,
  sentInvitationsQuery,
} from "../api";
import { addressErrors, ShippingFields } from "../../../ui/ShippingFields";

/** SPEC §2 cards/corporate/invite: a card for an employee, sent to one of the company's
 * addresses or another; the employee is emailed a link to accept it. */
export function CorporateInviteForm({ onDone, heading = true }: { onDone?: () => void; heading?: boolean }) {
  const { session } = useApp();
  const client = useQueryClient();
  const addresses = useQuery(companyAddressesQuery()).data;
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [kind, setKind] = useState<ShippingType | null>(null);
  const [other, setOther] = useState<ShippingAddress>({ countryCode: "GB" });
  const [agreement, setAgreement] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const company = session.profilesList.find((p) => p.id === session.selectedProfileId)?.name ?? "the company";
  const options = addresses?.options ?? [];
  const chosen = kind ?? options[0]?.type ?? "other";
  const invite = useMutation({
    mutationFn: () =>
      corporateApi.invite({
        name,
        email,
        agreement,
        shippingType: chosen,
        ...(chosen === "other" ? { shippingAddress: other } : {}),
      }),
    onSuccess: (sent) => {
      setErrors({});
      setMessage({ text: `Invitation sent to ${sent.email}`, error: false });
      setName("");
      setEmail("");
      setAgreement(false);
      void client.invalidateQueries({ queryKey: sentInvitationsQuery().queryKey });
      onDone?.();
    },
    onError: (caught) => {
      const refused = refusalOf(caught);
      if (refused.message === null) setErrors(addressErrors(refused.fields));
      else setMessage({ text: refused.message, error: true });
    },
  });
  return (
    <form
      className="invite-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        invite.mutate();
      }}
    >
      {heading ? <h2>Give a card to an employee</h2> : null}
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice notice-success"} role="status">
          {message.text}
        </p>
      ) : null}
      <TextField
        label="Employee's name (as on the card)"
        name="name"
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Employee's email"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <ShippingFields
        options={options}
        chosen={chosen}
        onChoose={setKind}
        other={other}
        onOther={setOther}
        errors={errors}
        legend="Where should we send the card?"
      />
      <Checkbox
        name="agreement"
        checked={agreement}
        error={errors.agreement}
        onChange={(event) => setAgreement(event.target.checked)}
        label={`${company} answers for all spending on this card.`}
      />
      <button type="submit" className="button button-primary" disabled={invite.isPending}>
        Give card
      </button>
    </form>
  );
}
