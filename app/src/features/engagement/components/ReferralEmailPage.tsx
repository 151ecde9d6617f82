import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Link } from "../../../routing/Link";
import { parseQuery } from "../../../lib/url";
import { ApiError, failureText } from "../../../api/client";
import { emailError } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { referralInvitesQuery, referralsApi } from "../referralsApi";

/** SPEC §2 referrals/email: invite a friend by email with the person's link. */
export function ReferralEmailPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const problem = emailError(email);
    setError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await referralsApi.invite(email.trim());
      await client.invalidateQueries({ queryKey: referralInvitesQuery().queryKey });
      navigate(`/referrals/email/done?to=${encodeURIComponent(email.trim())}`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields.email) setError(caught.fields.email);
      else setFailure(failureText(caught));
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="referral-email-title">
      <h1 id="referral-email-title">Invite by email</h1>
      <p>We send your friend an email with your link. You are rewarded once their account is ready.</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          label="Your friend's email"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          error={error}
          onChange={(event) => setEmail(event.target.value)}
        />
        {failure ? (
          <p className="notice notice-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Send invitation
          </button>
        </div>
      </form>
    </section>
  );
}

/** SPEC §2 referrals/email/done. */
export function ReferralEmailDonePage() {
  const to = parseQuery(useLocation().search).to;
  return (
    <section className="panel" aria-labelledby="referral-done-title">
      <h1 id="referral-done-title">Invitation sent</h1>
      <p>
        {to ? `We have emailed your link to ${to}.` : "We have emailed your link."} You can follow their
        invitation on your referrals page.
      </p>
      <div className="form-actions form-actions-start">
        <Link className="button button-primary" to="/referrals">
          Back to referrals
        </Link>
        <Link className="button button-secondary" to="/referrals/email">
          Invite someone else
        </Link>
      </div>
    </section>
  );
}
