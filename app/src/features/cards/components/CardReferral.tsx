import { useQuery } from "@tanstack/react-query";
import { CopyButton } from "../../../ui/CopyButton";
import { isOn, featuresQuery } from "../../../api/features";
import { referralProgramQuery } from "../api";
import { REFERRAL_LABELS } from "../model";

/** The card referral programme (SPEC §7 POST /v2/cards/referral-programs): the customer's link
 * to share, what it pays, and how each friend's referral stands. Shown while referrals are on. */
export function CardReferral() {
  const on = isOn(useQuery(featuresQuery()).data, "referrals");
  const program = useQuery({ ...referralProgramQuery(), enabled: on }).data;
  if (!on || !program) return null;
  return (
    <section className="panel panel-wide card-referral" aria-labelledby="referral-title">
      <h2 id="referral-title">Refer a friend</h2>
      <p>{program.terms}</p>
      <p className="referral-link">
        <span>{program.link}</span> <CopyButton value={program.link} label="your referral link" />
      </p>
      {program.referrals.length > 0 ? (
        <ul className="referral-list" aria-label="Your referrals">
          {program.referrals.map((referral) => (
            <li key={referral.id}>
              <span>{referral.name || "A friend"}</span>
              <span className={`referral-state referral-state-${referral.state}`}>
                {REFERRAL_LABELS[referral.state]}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field-hint">No friend has joined with your link yet.</p>
      )}
    </section>
  );
}
