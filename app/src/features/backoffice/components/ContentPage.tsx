import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { formatDate, formatTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { EmptyState, Notice } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { type Audience, backOfficeApi, type CampaignView, type ContentOverview, contentQuery } from "../api";
import { useAction } from "../useAction";
import { WhyAndSubmit } from "./WhyAndSubmit";
import { AudienceFields, audienceText, nameInWords } from "./AudienceFields";
import { ReasonAction } from "./ReasonAction";

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** Ends a running promo, with the member's reason. */
function EndPromo({ campaign }: { campaign: CampaignView }) {
  const client = useQueryClient();
  return (
    <ReasonAction
      label={`End ${nameInWords(campaign.promo)} now`}
      act={async (reason) =>
        client.setQueryData(contentQuery().queryKey, await backOfficeApi.endPromo(campaign.promo, reason))
      }
    />
  );
}

function StartPromo({ promos }: { promos: ContentOverview["promos"] }) {
  const client = useQueryClient();
  const [promo, setPromo] = useState(promos[0] ?? "rolesPromo");
  const [audience, setAudience] = useState<Audience>({});
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const [done, setDone] = useState(false);
  const { busy, fields, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(
      await run(async () =>
        client.setQueryData(
          contentQuery().queryKey,
          await backOfficeApi.startPromo({ promo, audience, from, until, reason }),
        ),
      ),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="back-office-release">
      <div className="field">
        <label htmlFor="promo-name">Promo</label>
        <select id="promo-name" value={promo} onChange={(e) => setPromo(e.target.value as typeof promo)}>
          {promos.map((name) => (
            <option key={name} value={name}>
              {nameInWords(name)}
            </option>
          ))}
        </select>
      </div>
      <AudienceFields id="promo" audience={audience} onChange={setAudience} />
      <TextField
        label="First day (empty: today)"
        name="from"
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        error={fields.from}
      />
      <TextField
        label="Last day (empty: until ended)"
        name="until"
        type="date"
        value={until}
        onChange={(e) => setUntil(e.target.value)}
        error={fields.until}
      />
      <WhyAndSubmit
        reason={reason}
        onReason={setReason}
        error={fields.reason}
        failure={failure}
        busy={busy}
        label="Start promo"
      >
        {done ? (
          <Notice tone="success">Started. Customers it is for see it on their next visit.</Notice>
        ) : null}
      </WhyAndSubmit>
    </form>
  );
}

function QueueEvent({ events }: { events: ContentOverview["events"] }) {
  const client = useQueryClient();
  const [event, setEvent] = useState(events[0] ?? "cardShippingAddress");
  const [email, setEmail] = useState("");
  const [audience, setAudience] = useState<Audience>({});
  const [reason, setReason] = useState("");
  const [queued, setQueued] = useState<number | null>(null);
  const { busy, fields, failure, run } = useAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setQueued(null);
    await run(async () => {
      const done = await backOfficeApi.queueEvent({ event, email, audience, reason });
      setQueued(done.queued);
      await client.invalidateQueries({ queryKey: contentQuery().queryKey });
    });
  };
  return (
    <form onSubmit={submit} noValidate className="back-office-release">
      <div className="field">
        <label htmlFor="event-name">Event or survey</label>
        <select id="event-name" value={event} onChange={(e) => setEvent(e.target.value as typeof event)}>
          {events.map((name) => (
            <option key={name} value={name}>
              {nameInWords(name)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="One customer's email (empty: everyone below)"
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields.email}
      />
      <AudienceFields id="event" audience={audience} onChange={setAudience} />
      <TextField
        label="Why"
        name="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={fields.reason}
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {queued !== null ? (
        <Notice tone="success">
          {queued === 1 ? "Queued for 1 member." : `Queued for ${queued} members.`} Anyone it was waiting for
          already is not asked twice.
        </Notice>
      ) : null}
      <Button type="submit" loading={busy}>
        Queue
      </Button>
    </form>
  );
}

/** Promos with their audience and dates, events and surveys, and who changed what. */
export function ContentPage() {
  const { data } = useQuery(contentQuery());
  if (!data) return null;
  return (
    <section className="panel panel-wide" aria-labelledby="content-title">
      <h1 id="content-title">Promos and events</h1>
      <h2>Promos</h2>
      {data.campaigns.length === 0 ? (
        <EmptyState title="No promo set up">Start one below.</EmptyState>
      ) : (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">Promo</th>
              <th scope="col">For</th>
              <th scope="col">Dates</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.campaigns.map((campaign) => (
              <tr key={campaign.promo}>
                <td>{nameInWords(campaign.promo)}</td>
                <td>{audienceText(campaign.audience)}</td>
                <td>
                  {when(campaign.startsAt)}
                  {campaign.endsAt ? ` to ${when(campaign.endsAt)}` : " onwards"}
                </td>
                <td>
                  {campaign.running ? (
                    <>
                      <StatusChip tone="green">Running</StatusChip>
                      <EndPromo campaign={campaign} />
                    </>
                  ) : (
                    <StatusChip tone="grey">Not running</StatusChip>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="back-office-grid">
        <div className="back-office-facts">
          <h2>Start a promo</h2>
          <p className="muted">Starting a promo that is set up already replaces its audience and dates.</p>
          <StartPromo promos={data.promos} />
        </div>
        <div className="back-office-facts">
          <h2>Queue an event or survey</h2>
          <p className="muted">It waits in the customer's app until they answer it.</p>
          <QueueEvent events={data.events} />
        </div>
      </div>
      <h2>Who changed what</h2>
      {data.changes.length === 0 ? (
        <EmptyState title="No changes yet">Each start, end and queue is listed here.</EmptyState>
      ) : (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {data.changes.map((change) => (
              <tr key={`${change.at}-${change.action}-${change.subject}`}>
                <td>{when(change.at)}</td>
                <td>{change.by ?? "command line"}</td>
                <td>
                  {change.action.replace(".", " ")}:{" "}
                  {nameInWords(change.subject.split(":")[1] ?? change.subject)}
                </td>
                <td>{change.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
