import { useQuery } from "@tanstack/react-query";
import { Link } from "../../../routing/Link";
import { formatDate, formatTime } from "../../../lib/format";
import { EmptyState } from "../../../ui/Notice";
import { kybQueueQuery } from "../api";
import { KybStatus } from "./KybStatus";

/** Businesses waiting for the bank's review, the oldest submission first. */
export function KybQueuePage() {
  const { data } = useQuery(kybQueueQuery());
  const waiting = data?.waiting ?? [];
  return (
    <section className="panel panel-wide" aria-labelledby="kyb-title">
      <h1 id="kyb-title">Business reviews</h1>
      <p>
        {waiting.length === 1 ? "1 business is" : `${waiting.length} businesses are`} waiting, the oldest
        first.
      </p>
      {waiting.length === 0 ? (
        <EmptyState title="No business is waiting">
          New applications appear here when they are submitted.
        </EmptyState>
      ) : (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Number</th>
              <th scope="col">Applicant</th>
              <th scope="col">Submitted</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {waiting.map((item) => (
              <tr key={item.userId}>
                <td>
                  <Link to={`/back-office/kyb/${item.userId}`}>{item.companyName || "(no name)"}</Link>
                </td>
                <td>{item.companyNumber}</td>
                <td>
                  {item.applicant}
                  <br />
                  <span className="muted">{item.email}</span>
                </td>
                <td>
                  {formatDate(item.submittedAt)} {formatTime(item.submittedAt)}
                </td>
                <td>
                  <KybStatus status={item.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
