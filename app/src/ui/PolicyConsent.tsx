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
    <div className="field">
      <label className="choice">
        <input
          type="checkbox"
          name="acceptPolicies"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          I have read and accept the <a href="/terms-and-conditions">Terms and Conditions</a> and the{" "}
          <a href="/privacy-policy">Privacy policy</a>
        </span>
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
