import { isoDay, londonDay } from "../../../../lib/format";
import { DatePicker } from "../../../../ui/DatePicker";
import { TextField } from "../../../../ui/fields";
import { CompanySearch } from "./CompanySearch";
import { type StepProps, textOf } from "./fields";

/** Step 2: the company's name, number, date, email and phone; a UK company is found in the register. */
export function CompanyDetailsStep(props: StepProps) {
  const { data, set } = props;
  const text = textOf(props);
  const today = isoDay(londonDay(new Date()));
  return (
    <>
      {data.country === "GB" ? (
        <CompanySearch
          onChoose={(company) =>
            set({
              name: company.name,
              number: company.number,
              incorporation_date: company.incorporationDate ?? "",
              legal_address_1: company.address.address1,
              legal_building_number: company.address.buildingNumber ?? "",
              legal_city: company.address.city,
              legal_postcode: company.address.postcode,
              legal_region: company.address.region ?? "",
              legal_country: "GB",
            })
          }
        />
      ) : null}
      <TextField {...text("name", "Company name")} autoComplete="organization" />
      <TextField {...text("number", "Registration number")} />
      <DatePicker
        label="Date of incorporation"
        name="incorporation_date"
        value={data.incorporation_date ?? ""}
        max={today}
        error={props.errors.incorporation_date}
        onChange={(day) => set({ incorporation_date: day })}
      />
      <TextField {...text("email", "Company email", { type: "email" })} />
      <TextField
        {...text("telephone", "Company phone", {
          type: "tel",
          hint: "With the country code, e.g. +44 20 7946 0000",
        })}
      />
    </>
  );
}
