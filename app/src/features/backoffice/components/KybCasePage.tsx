import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { refusalOf } from "../../../api/client";
import { formatDate, formatTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { Notice } from "../../../ui/Notice";
import { Textarea } from "../../../ui/Textarea";
import { backOfficeApi, type Decision, type KybCase, kybCaseQuery } from "../api";
import { KybStatus } from "./KybStatus";

function Facts({ title, rows }: { title: string; rows: [string, string | null | undefined][] }) {
  return (
    <section className="back-office-facts" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value?.trim() ? value : "—"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A coded answer as its label; a free answer ("OTHER:Paying rent") as the person wrote it. */
const labelOf = (labels: KybCase["labels"], code: string | undefined) =>
  code ? (labels[code] ?? code.replace(/^OTHER:/, "Other: ")) : "";

const listOf = (labels: KybCase["labels"], joined: string | undefined) =>
  (joined ?? "")
    .split(";")
    .filter(Boolean)
    .map((code) => labelOf(labels, code))
    .join(", ");

function address(parts: (string | undefined)[]): string {
  return parts.filter((part) => part?.trim()).join(", ");
}

function Application({ found }: { found: KybCase }) {
  const b = found.business;
  const label = (code: string | undefined) => labelOf(found.labels, code);
  const list = (joined: string | undefined) => listOf(found.labels, joined);
  const legal = address([
    b.legal_building_number,
    b.legal_address_1,
    b.legal_city,
    b.legal_postcode,
    label(b.legal_country),
  ]);
  const trading = b.actual_same_as_legal
    ? "Same as registered"
    : address([
        b.actual_building_number,
        b.actual_address_1,
        b.actual_city,
        b.actual_postcode,
        label(b.actual_country),
      ]);
  return (
    <div className="back-office-grid">
      <Facts
        title="Company"
        rows={[
          ["Name", b.name],
          ["Registration number", b.number],
          ["Country", label(b.country)],
          ["Type", label(b.type)],
          ["Incorporated", b.incorporation_date],
          ["Email", b.email],
          ["Telephone", b.telephone],
          ["Website", b.website],
          ["VAT number", b.vat_number],
        ]}
      />
      <Facts
        title="Applicant"
        rows={[
          ["Name", found.summary.applicant],
          ["Email", found.summary.email],
          ["Phone", found.phone],
          [
            "Identity check",
            found.identity
              ? `${found.identity.review} (${found.identity.provider}, ${formatDate(found.identity.updatedAt)})`
              : "Not started",
          ],
        ]}
      />
      <Facts
        title="Addresses"
        rows={[
          ["Registered", legal],
          ["Trading", trading],
        ]}
      />
      <Facts
        title="Activity"
        rows={[
          ["Industry", label(b.business_type)],
          ["Size", label(b.business_size)],
          [
            "Incoming a month",
            `${label(b.monthly_incoming_transaction_count)} payments, ${label(b.monthly_incoming_transaction_volume)}`,
          ],
          [
            "Outgoing a month",
            `${label(b.monthly_outgoing_transaction_count)} payments, ${label(b.monthly_outgoing_transaction_volume)}`,
          ],
          ["Source of funds", list(b.sourceOfFunds)],
          ["Purpose", list(b.purposeDescription)],
          ["Paid by", list(b.sendingCounterparties)],
          ["Pays", list(b.receivingCounterparties)],
          ["Money from", list(b.sendingCountries)],
          ["Money to", list(b.receivingCountries)],
        ]}
      />
    </div>
  );
}

const DONE: Record<Decision, string> = {
  approve: "Approved. The applicant has been told and can now pay the activation fee.",
  reject: "Rejected. The applicant has been told.",
  request_more: "Request sent. The business returns to the queue when the applicant answers.",
};

/** One waiting business: what the applicant submitted, and the decision on it. */
export function KybCasePage() {
  const userId = useParams().userId ?? "";
  const client = useQueryClient();
  const { data: found } = useQuery(kybCaseQuery(userId));
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState<Decision | null>(null);
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<Decision | null>(null);
  if (!found) return null;
  const open = found.summary.status === "kyb_pending" || found.summary.status === "kyb_requested";

  const decide = async (decision: Decision) => {
    setBusy(decision);
    setFailure(null);
    setNoteError(undefined);
    try {
      await backOfficeApi.decide(userId, decision, note.trim() ? note : null);
      setDone(decision);
      await client.invalidateQueries({ queryKey: ["back-office", "kyb"] });
    } catch (caught) {
      const refusal = refusalOf(caught);
      setNoteError(refusal.fields.note);
      setFailure(refusal.fields.note ? null : refusal.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel panel-wide" aria-labelledby="case-title">
      <p>
        <Link to="/back-office/kyb">← Business reviews</Link>
      </p>
      <h1 id="case-title">{found.business.name || "Business review"}</h1>
      <p>
        Submitted {formatDate(found.summary.submittedAt)} {formatTime(found.summary.submittedAt)} ·{" "}
        <KybStatus status={found.summary.status} />
      </p>
      <Application found={found} />
      {found.reviewNote ? (
        <Notice tone="info" title="We asked for">
          <p>{found.reviewNote}</p>
          <p>
            <strong>Their answer:</strong> {found.additionalInfo ?? "No answer yet."}
          </p>
        </Notice>
      ) : null}
      {done ? (
        <Notice tone="success">{DONE[done]}</Notice>
      ) : open ? (
        <section className="back-office-decision" aria-labelledby="decision-title">
          <h2 id="decision-title">Decision</h2>
          <Textarea
            label="What the business needs to send (for a request for more information)"
            name="note"
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={noteError}
          />
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <div className="back-office-actions">
            <Button onClick={() => decide("approve")} loading={busy === "approve"} disabled={busy !== null}>
              Approve
            </Button>
            <Button
              variant="secondary"
              onClick={() => decide("request_more")}
              loading={busy === "request_more"}
              disabled={busy !== null}
            >
              Request more information
            </Button>
            <Button
              variant="danger"
              onClick={() => decide("reject")}
              loading={busy === "reject"}
              disabled={busy !== null}
            >
              Reject
            </Button>
          </div>
        </section>
      ) : (
        <Notice tone="info">This business is not waiting for a review.</Notice>
      )}
    </section>
  );
}
