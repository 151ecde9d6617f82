import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { formatDate, formatTime } from "../../../lib/format";
import { parseQuery } from "../../../lib/url";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { EmptyState, Notice } from "../../../ui/Notice";
import { backOfficeApi, type CustomerRecord, customerRecordQuery, staffQuery } from "../api";
import { FeesPart } from "./FeesPart";
import { LimitsPart } from "./LimitsPart";
import { ReasonAction } from "./ReasonAction";

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
const words = (name: string) => name.replaceAll("_", " ");

/** Before a record opens, the member says why (the audit log keeps it): a plain GET form. */
function ReasonForm({ userId }: { userId: string }) {
  return (
    <section className="panel" aria-labelledby="reason-title">
      <h1 id="reason-title">Open a customer's record</h1>
      <p>
        Everything in a customer's record is confidential. Say why you are opening it; the reason is kept.
      </p>
      <form method="get" action={`/back-office/customers/${userId}`}>
        <TextField label="Why are you opening this record?" name="reason" required minLength={3} />
        <Button type="submit">Open record</Button>
      </form>
    </section>
  );
}

function Profiles({ record, mayChangeTerms }: { record: CustomerRecord; mayChangeTerms: boolean }) {
  if (record.profiles.length === 0)
    return <EmptyState title="No profile yet">They have not opened an account.</EmptyState>;
  return (
    <>
      {record.profiles.map((profile) => (
        <section key={profile.name} className="back-office-facts" aria-label={profile.name}>
          <h2>
            {profile.name}{" "}
            <span className="muted">
              ({profile.type}, their role: {words(profile.role)})
            </span>
          </h2>
          <h3>Accounts</h3>
          <table className="back-office-table">
            <tbody>
              {profile.accounts.map((account) => (
                <tr key={account.iban}>
                  <td>
                    {account.currency}
                    {account.primary ? " (primary)" : ""}
                  </td>
                  <td>{account.iban}</td>
                  <td>{account.status}</td>
                  <td>
                    {account.booked} booked, {account.available} available
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <LimitsPart profile={profile} mayChange={mayChangeTerms} />
          <FeesPart profile={profile} mayChange={mayChangeTerms} />
          <h3>Members</h3>
          <ul>
            {profile.members.map((member) => (
              <li key={member.email}>
                {member.name} · {member.email} · {words(member.role)}
              </li>
            ))}
          </ul>
          <h3>Cards</h3>
          {profile.cards.length === 0 ? (
            <p className="muted">No cards.</p>
          ) : (
            <ul>
              {profile.cards.map((card) => (
                <li key={`${card.masked}${card.holder}`}>
                  {card.masked} · {card.holder} · {card.status}
                  {card.corporate ? " · corporate" : ""}
                </li>
              ))}
            </ul>
          )}
          <h3>Recent transactions</h3>
          {profile.recent.length === 0 ? (
            <p className="muted">None yet.</p>
          ) : (
            <table className="back-office-table">
              <tbody>
                {profile.recent.map((line) => (
                  <tr key={`${line.at}${line.amount}${line.details}`}>
                    <td>{when(line.at)}</td>
                    <td>{line.counterparty ?? words(line.kind)}</td>
                    <td>{line.details}</td>
                    <td>{words(line.status)}</td>
                    <td className="back-office-amount">{line.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </>
  );
}

/** A customer's whole record, and what the member's role may do about it. */
export function CustomerPage() {
  const userId = useParams().userId ?? "";
  const reason = (parseQuery(useLocation().search).reason ?? "").trim();
  const client = useQueryClient();
  const { data: member } = useQuery({ ...staffQuery(), enabled: false });
  const query = customerRecordQuery(userId, reason);
  const { data: record } = useQuery({ ...query, enabled: reason.length >= 3 });
  const [done, setDone] = useState<string | null>(null);
  if (reason.length < 3) return <ReasonForm userId={userId} />;
  if (!record) return null;
  const may = (duty: string) => member?.duties.includes(duty) ?? false;
  // What an action changed is put in the record as shown: fetching it again would be a new view.
  const changed = (change: Partial<CustomerRecord>, message: string) => {
    client.setQueryData(query.queryKey, { ...record, ...change });
    setDone(message);
  };
  return (
    <section className="panel panel-wide" aria-labelledby="customer-title">
      <p>
        <Link to="/back-office/customers">← Customers</Link>
      </p>
      <h1 id="customer-title">{record.name || record.email}</h1>
      <div className="back-office-grid">
        <section className="back-office-facts" aria-label="Person">
          <h2>Person</h2>
          <dl>
            <div>
              <dt>Email</dt>
              <dd>{record.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{record.phone ?? "—"}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{words(record.kycStatus)}</dd>
            </div>
            <div>
              <dt>Identity check</dt>
              <dd>
                {record.identity
                  ? `${record.identity.review} (${record.identity.provider}, ${formatDate(record.identity.updatedAt)})`
                  : "Not started"}
              </dd>
            </div>
            <div>
              <dt>Live sessions</dt>
              <dd>{record.liveSessions}</dd>
            </div>
          </dl>
        </section>
        <section className="back-office-facts" aria-label="Actions">
          <h2>Actions</h2>
          {done ? <Notice tone="success">{done}</Notice> : null}
          {may("restrict") && record.kycStatus === "completed" ? (
            <ReasonAction
              label="Restrict account"
              variant="danger"
              act={async (why) => {
                const { status } = await backOfficeApi.restrict(userId, why);
                changed({ kycStatus: status }, "Restricted: the app stays open, money does not move.");
              }}
            />
          ) : null}
          {may("restrict") && record.kycStatus === "account_restricted" ? (
            <ReasonAction
              label="Propose lifting the restriction"
              act={async (why) => {
                await backOfficeApi.proposeLift(userId, why);
                changed({}, "Proposed. A second member of compliance must approve it within 24 hours.");
              }}
            />
          ) : null}
          {record.liveSessions > 0 ? (
            <ReasonAction
              label="End all sessions"
              act={async (why) => {
                const { ended } = await backOfficeApi.endSessions(userId, why);
                changed(
                  { liveSessions: 0 },
                  `Ended ${ended} session${ended === 1 ? "" : "s"}. They must log in again.`,
                );
              }}
            />
          ) : (
            <p className="muted">No live sessions.</p>
          )}
        </section>
      </div>
      <Profiles record={record} mayChangeTerms={may("payments")} />
      <section className="back-office-facts" aria-label="Messages">
        <h2>Messages</h2>
        {record.messages.length === 0 && record.chat.length === 0 ? <p className="muted">None.</p> : null}
        <ul>
          {record.messages.map((message) => (
            <li key={`${message.at}${message.subject}`}>
              {when(message.at)} · {message.subject} ({message.status}): {message.text}
            </li>
          ))}
          {record.chat.map((line) => (
            <li key={`${line.at}${line.text}`}>
              {when(line.at)} · chat, {line.subject}: {line.text}
            </li>
          ))}
        </ul>
      </section>
      <section className="back-office-facts" aria-label="History">
        <h2>What staff did</h2>
        <ul>
          {record.history.map((line) => (
            <li key={`${line.at}${line.action}`}>
              {when(line.at)} · {line.by ?? "command line"} · {line.action} · {line.reason}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
