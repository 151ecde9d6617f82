import { roleLabel } from "../../../lib/roles";
import type { Audience } from "../api";

const ROLES = ["admin", "director", "cfo", "accountant", "custom", "card_user", "user"] as const;
const CURRENCIES = ["GBP", "EUR", "USD", "CHF", "ALL"] as const;

/** Who a promo or event is for: every condition chosen must hold; none chosen, everyone. */
export function AudienceFields({
  id,
  audience,
  onChange,
}: {
  id: string;
  audience: Audience;
  onChange: (next: Audience) => void;
}) {
  const roles = audience.roles ?? [];
  const toggle = (role: (typeof ROLES)[number]) =>
    onChange({
      ...audience,
      roles: roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role],
    });
  return (
    <fieldset className="back-office-audience">
      <legend>Who it is for</legend>
      <div className="field">
        <label htmlFor={`${id}-type`}>Profile</label>
        <select
          id={`${id}-type`}
          value={audience.profileType ?? ""}
          onChange={(e) =>
            onChange({ ...audience, profileType: (e.target.value || null) as Audience["profileType"] })
          }
        >
          <option value="">Business and personal</option>
          <option value="business">Business only</option>
          <option value="personal">Personal only</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-currency`}>Primary account</label>
        <select
          id={`${id}-currency`}
          value={audience.primaryCurrency ?? ""}
          onChange={(e) =>
            onChange({
              ...audience,
              primaryCurrency: (e.target.value || null) as Audience["primaryCurrency"],
            })
          }
        >
          <option value="">Any currency</option>
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-card`}>Cards</label>
        <select
          id={`${id}-card`}
          value={audience.hasCard == null ? "" : String(audience.hasCard)}
          onChange={(e) =>
            onChange({ ...audience, hasCard: e.target.value === "" ? null : e.target.value === "true" })
          }
        >
          <option value="">With or without a card</option>
          <option value="true">Has a card</option>
          <option value="false">Has no card</option>
        </select>
      </div>
      <fieldset className="back-office-roles">
        <legend>Roles (none ticked: any role)</legend>
        {ROLES.map((role) => (
          <label key={role}>
            <input type="checkbox" checked={roles.includes(role)} onChange={() => toggle(role)} />{" "}
            {roleLabel(role)}
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

/** An audience in words, for the list of campaigns. */
export function audienceText(audience: Audience): string {
  const parts = [
    audience.profileType === "business"
      ? "businesses"
      : audience.profileType === "personal"
        ? "personal"
        : null,
    audience.roles?.length ? audience.roles.map(roleLabel).join(", ") : null,
    audience.primaryCurrency ? `${audience.primaryCurrency} primary account` : null,
    audience.hasCard == null ? null : audience.hasCard ? "with a card" : "without a card",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Everyone";
}

/** A promo's or event's name in words: "rolesPromo" → "Roles promo". */
export function nameInWords(name: string): string {
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
