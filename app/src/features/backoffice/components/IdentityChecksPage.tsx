import { useQuery } from "@tanstack/react-query";
import { Link } from "../../../routing/Link";
import { formatDate, formatTime } from "../../../lib/format";
import { EmptyState } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { type CheckNeedingLook, identityQueueQuery } from "../api";

const WHY: Record<CheckNeedingLook["why"], { tone: "amber" | "red" | "blue"; text: string }> = {
  stalled: { tone: "blue", text: "No answer from the provider for over an hour" },
  stuck: { tone: "amber", text: "Asked for a new photo 3+ days ago, nothing since" },
  refused: { tone: "red", text: "Refused for good: confirm and close" },
};

/** Identity checks that need a person to look: stalled, stuck or refused. */
export function IdentityChecksPage() {
  const checks = useQuery(identityQueueQuery()).data?.checks ?? [];
  return (
    <section className="panel panel-wide" aria-labelledby="identity-title">
      <h1 id="identity-title">Identity checks</h1>
      <p>
        The identity provider decides each check. These need a person: open the customer's record to help
        them, chase the provider or restrict the account.
      </p>
      {checks.length === 0 ? (
        <EmptyState title="Nothing needs a look">Stalled, stuck and refused checks appear here.</EmptyState>
      ) : (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Last review</th>
              <th scope="col">Why it is here</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.userId}>
                <td>
                  <Link to={`/back-office/customers/${check.userId}`}>{check.name || check.email}</Link>
                  <br />
                  <span className="muted">
                    {check.email} · {check.kycStatus.replaceAll("_", " ")}
                  </span>
                </td>
                <td>
                  {check.review} ({check.provider})
                  <br />
                  <span className="muted">
                    {formatDate(check.reviewedAt)} {formatTime(check.reviewedAt)}
                  </span>
                </td>
                <td>
                  <StatusChip tone={WHY[check.why].tone}>{WHY[check.why].text}</StatusChip>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
