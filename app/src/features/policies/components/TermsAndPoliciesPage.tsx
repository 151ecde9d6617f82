import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../../../lib/format";
import { policies } from "../../../lib/policies";
import { acceptancesQuery } from "../api";

/** Who each policy concerns. */
const CONCERNS: Record<string, string> = {
  "/terms-and-conditions": "Every customer: the agreement for your account, payments and cards.",
  "/privacy-policy": "Every customer: what we keep about you, why, and your rights.",
  "/deposit-withdrawal-policy": "Every account: how money comes in and goes out.",
  "/corporate-card-terms-of-use": "Businesses that issue corporate cards, and the employees who hold them.",
  "/consumer-card-terms-of-use": "Holders of a personal card.",
  "/card-holder-privacy-policy": "Everyone who holds a card.",
  "/complaint-policy": "Every customer: how to complain and how we answer.",
};

/** "2026-11-22" → "22.11.2026" (SPEC §9 dates). */
const versionDate = (version: string) => version.split("-").reverse().join(".");

/** SPEC §2 terms-and-policies (desktop): every policy with its version, and for those a person
 * accepts, when they accepted which version. */
export function TermsAndPoliciesPage() {
  const answer = useQuery(acceptancesQuery()).data;
  const current = answer?.accepted.find((a) => a.version === answer.version);
  const earlier = answer?.accepted.find((a) => a.version !== answer.version);
  return (
    <section className="panel panel-wide" aria-labelledby="policies-title">
      <h1 id="policies-title">Terms and policies</h1>
      <p>The documents that make up your agreement with us. Each opens in full; you can print or save it.</p>
      <ul className="policy-list">
        {policies.map((policy) => {
          const accepts = answer?.covers.includes(policy.path) ?? false;
          return (
            <li key={policy.path} className="policy-item">
              <h2>
                <a href={policy.path}>{policy.shortTitle}</a>
              </h2>
              <p>{CONCERNS[policy.path]}</p>
              <p className="policy-meta">
                Version of {policy.updated}
                {accepts ? (
                  <>
                    {" · "}
                    {current
                      ? `You accepted this version on ${formatDate(current.acceptedAt)}`
                      : earlier
                        ? `You accepted the version of ${versionDate(earlier.version)} on ${formatDate(earlier.acceptedAt)}; we ask you to accept this one at your next log-in`
                        : "No acceptance on record"}
                  </>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
