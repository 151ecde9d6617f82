import { useQuery } from "@tanstack/react-query";
import { formatDate, formatTime } from "../../../lib/format";
import { Notice } from "../../../ui/Notice";
import { healthQuery } from "../api";

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
const words = (name: string) => name.replaceAll("_", " ");

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** The bank's health (issue 32 point 7), for every member of staff. */
export function HealthPanel() {
  const { data: health } = useQuery(healthQuery());
  if (!health) return null;
  return (
    <section aria-labelledby="health-title">
      <h2 id="health-title">The bank today</h2>
      {health.ledger ? (
        <Notice tone={health.ledger.sound ? "success" : "error"} title="Ledger check">
          {health.ledger.detail} (at {when(health.ledger.ranAt)})
        </Notice>
      ) : (
        <Notice tone="info" title="Ledger check">
          Not run yet: it runs every 15 minutes, or with bank ledger check.
        </Notice>
      )}
      <div className="back-office-grid">
        <section className="back-office-facts" aria-label="Payments today">
          <h3>Payments today</h3>
          {health.payments.length === 0 ? <p className="muted">None yet.</p> : null}
          <dl>
            {health.payments.map((row) => (
              <div key={`${row.scheme}${row.status}`}>
                <dt>
                  {words(row.scheme)}, {row.status}
                </dt>
                <dd>{row.count}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="back-office-facts" aria-label="Settlement">
          <h3>Settlement</h3>
          {health.settlement.length === 0 ? <p className="muted">Nothing settled or waiting.</p> : null}
          <dl>
            {health.settlement.map((row) => (
              <div key={row.scheme}>
                <dt>{words(row.scheme)}</dt>
                <dd>
                  {row.settled} settled, average {duration(row.averageSeconds)}, longest{" "}
                  {duration(row.longestSeconds)}
                  {row.oldestPendingAt ? `; oldest waiting since ${when(row.oldestPendingAt)}` : ""}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="back-office-facts" aria-label="Suspense">
          <h3>Suspense</h3>
          {health.suspense.length === 0 ? <p className="muted">Nothing held.</p> : null}
          <dl>
            {health.suspense.map((row) => (
              <div key={row.currency}>
                <dt>{row.currency}</dt>
                <dd>{row.total}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="back-office-facts" aria-label="Sign-ups waiting">
          <h3>Sign-ups waiting</h3>
          {health.signUps.length === 0 ? <p className="muted">Nobody.</p> : null}
          <dl>
            {health.signUps.map((row) => (
              <div key={row.status}>
                <dt>{words(row.status)}</dt>
                <dd>{row.count}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section className="back-office-facts" aria-label="Failed jobs">
        <h3>Failed jobs (last 24 hours)</h3>
        {health.jobFailures.length === 0 ? <p className="muted">None.</p> : null}
        <ul>
          {health.jobFailures.map((row) => (
            <li key={row.job}>
              {row.job}: {row.failures} failure{row.failures === 1 ? "" : "s"}, last at {when(row.lastAt)}:{" "}
              {row.lastError}
            </li>
          ))}
        </ul>
        <p>Texts not delivered (last 24 hours): {health.textsNotDelivered}</p>
      </section>
      <section className="back-office-facts" aria-label="Outside parties">
        <h3>Outside parties</h3>
        {health.outsideParties.length === 0 ? <p className="muted">No outside party called yet.</p> : null}
        <ul>
          {health.outsideParties.map((party) => (
            <li key={party.name}>
              {party.name}: last answer {party.lastSuccessAt ? when(party.lastSuccessAt) : "never"}
              {party.lastFailureAt
                ? `; last failure ${when(party.lastFailureAt)}: ${party.lastError ?? ""}`
                : "; no failure"}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
