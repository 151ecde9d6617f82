import { useQuery } from "@tanstack/react-query";
import { Link } from "../../../routing/Link";
import { formatDate } from "../../../lib/format";
import { CopyButton } from "../../../ui/CopyButton";
import { INVITE_LABELS, referralInvitesQuery, referralProgrammeQuery } from "../referralsApi";

/** SPEC §2 referrals: the person's link and code to copy and share (WhatsApp with the bank's
 * default message), what it pays, and the friends they invited with SPEC §3's states. */
export function ReferralsPage() {
  const programme = useQuery(referralProgrammeQuery()).data;
  const invites = useQuery(referralInvitesQuery()).data;
  return (
    <section className="panel panel-wide" aria-labelledby="referrals-title">
      <h1 id="referrals-title">Refer a friend</h1>
      {programme ? (
        <>
          <p>{programme.terms}</p>
          <dl className="referral-share">
            <dt>Your link</dt>
            <dd>
              <span className="referral-link">{programme.shortLink}</span>
              <CopyButton value={programme.shortLink} label="your referral link" />
            </dd>
            <dt>Your code</dt>
            <dd>
              <span className="referral-code">{programme.code}</span>
              <CopyButton value={programme.code} label="your referral code" />
            </dd>
          </dl>
          <div className="form-actions form-actions-start">
            <a
              className="button button-primary"
              href={`https://wa.me/?text=${encodeURIComponent(programme.whatsappMessage)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on WhatsApp
            </a>
            <Link className="button button-secondary" to="/referrals/email">
              Invite by email
            </Link>
          </div>
        </>
      ) : (
        <p role="status">Loading your link…</p>
      )}
      <h2 className="referral-invites">Friends you invited</h2>
      {invites && invites.results.length > 0 ? (
        <ul className="referral-list" aria-label="Friends you invited">
          {invites.results.map((invite) => (
            <li key={invite.email}>
              <span>
                {invite.email}
                <span className="field-hint"> · {formatDate(invite.invitedAt)}</span>
              </span>
              <span className={`referral-state referral-state-${invite.state}`}>
                {INVITE_LABELS[invite.state]}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field-hint">You have not invited anyone yet.</p>
      )}
    </section>
  );
}
