import { Checkbox } from "./fields";

/**
 * The box an invited colleague ticks to accept the Terms and Conditions and the Privacy policy,
 * at registration and at a log-in that answered `policy_not_accepted` (server:
 * domain/policies.rs). It posts as `acceptPolicies=on` from a plain form too. The policy pages
 * carry no script, so the links are full page loads.
 */
export function PolicyConsent({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
}) {
  return (
    <Checkbox
      name="acceptPolicies"
      checked={checked}
      error={error ?? undefined}
      onChange={(event) => onChange(event.target.checked)}
      label={
        <>
          I have read and accept the <a href="/terms-and-conditions">Terms and Conditions</a> and the{" "}
          <a href="/privacy-policy">Privacy policy</a>
        </>
      }
    />
  );
}
