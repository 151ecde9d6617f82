import { useQuery } from "@tanstack/react-query";
import { countriesQuery } from "../api/countries";
import type { ShippingAddress, ShippingType } from "../api/shipping";
import { RadioCards } from "./RadioCards";
import { Select } from "./Select";
import { TextField } from "./fields";

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
];

/** The server's field errors of an address (`address.city` or `city`) by the form's names. */
export function addressErrors(fields: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([name, message]) => [
      name.replace(/^(shipping)?address\./i, ""),
      message,
    ]),
  );
}

/** SPEC §2 shipping address choice: the addresses the bank knows, or another one typed in. */
export function ShippingFields({
  options,
  chosen,
  onChoose,
  other,
  onOther,
  errors,
  legend = "Where should we send it?",
}: {
  options: { type: ShippingType; address: ShippingAddress }[];
  chosen: ShippingType;
  onChoose: (type: ShippingType) => void;
  other: ShippingAddress;
  onOther: (address: ShippingAddress) => void;
  errors: Record<string, string>;
  legend?: string;
}) {
  // The countries the bank delivers cards to: those of its own country list (SPEC §9).
  const countries = useQuery(countriesQuery()).data ?? [];
  const choices: ShippingType[] = [...options.map((option) => option.type), "other"];
  return (
    <>
      <RadioCards
        legend={legend}
        name="shippingType"
        value={chosen}
        error={errors.shippingType}
        onChange={(type) => onChoose(type as ShippingType)}
        options={choices.map((type) => {
          const known = options.find((option) => option.type === type);
          return { value: type, label: KIND_LABELS[type], hint: known ? oneLine(known.address) : undefined };
        })}
      />
      {chosen === "other" ? (
        <div className="stack">
          {FIELDS.map(([name, label]) => (
            <TextField
              key={name}
              label={label}
              name={name}
              value={other[name] ?? ""}
              error={errors[name]}
              onChange={(event) => onOther({ ...other, [name]: event.target.value })}
            />
          ))}
          <Select
            label="Country"
            name="countryCode"
            value={other.countryCode ?? ""}
            placeholder="Choose a country"
            error={errors.countryCode}
            onChange={(countryCode) => onOther({ ...other, countryCode })}
            options={
              countries.length
                ? countries.map((c) => ({ value: c.code, label: c.name, country: c.code }))
                : [{ value: other.countryCode ?? "", label: other.countryCode ?? "" }]
            }
          />
        </div>
      ) : null}
    </>
  );
}
