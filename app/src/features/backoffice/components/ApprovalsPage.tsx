import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "../../../routing/Link";
import { formatDate, formatTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { EmptyState, Notice } from "../../../ui/Notice";
import { backOfficeApi, type ProposalView, proposalsQuery } from "../api";
import { useAction } from "../useAction";

const KINDS: Record<ProposalView["kind"], string> = {
  lift_restriction: "Lift a restriction",
  add_staff: "Add a member of staff",
  release_suspense: "Release money from suspense",
  change_limit: "Change a profile's transfer limits",
  change_fee: "Change a profile's transfer fee",
};

/** One proposal, decided in place: its result stays where it was until the page is opened
 * again (refetching the list at once would take the result away with the proposal). */
function Proposal({ proposal }: { proposal: ProposalView }) {
  const [result, setResult] = useState<{ message: string; link?: string | null } | null>(null);
  const { busy, failure, run } = useAction();
  const decide = (approve: boolean) =>
    run(async () => {
      const decided = await backOfficeApi.decideProposal(proposal.id, approve);
      setResult({ message: decided.message, link: decided.enrolmentLink ?? null });
    });
  return (
    <li className="back-office-facts">
      <h2>{KINDS[proposal.kind]}</h2>
      <p>
        {proposal.summary}
        {proposal.kind === "lift_restriction" ? (
          <>
            {" "}
            · <Link to={`/back-office/customers/${proposal.subject}`}>the customer's record</Link>
          </>
        ) : null}
      </p>
      <p>
        Proposed by {proposal.proposedBy} on {formatDate(proposal.proposedAt)}{" "}
        {formatTime(proposal.proposedAt)} · lapses {formatDate(proposal.expiresAt)}{" "}
        {formatTime(proposal.expiresAt)}
      </p>
      <p>Why: {proposal.reason}</p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      {result ? (
        <Notice tone="success">
          <p>{result.message}</p>
          {result.link ? <p className="back-office-link">{result.link}</p> : null}
        </Notice>
      ) : proposal.mineToDecide ? (
        <div className="back-office-actions">
          <Button onClick={() => decide(true)} loading={busy}>
            Approve
          </Button>
          <Button variant="secondary" onClick={() => decide(false)} disabled={busy}>
            Reject
          </Button>
        </div>
      ) : (
        <p className="muted">Waiting for another member of staff: you proposed it.</p>
      )}
    </li>
  );
}

/** Four eyes: changes of money or access another member proposed, to approve or reject. */
export function ApprovalsPage() {
  const { data } = useQuery(proposalsQuery());
  const proposals = data?.proposals ?? [];
  return (
    <section className="panel panel-wide" aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      <p>A change of money or access takes two people: one proposes, another approves within 24 hours.</p>
      {proposals.length === 0 ? (
        <EmptyState title="Nothing waiting">
          Proposals appear here until they are decided or lapse.
        </EmptyState>
      ) : (
        <ul className="back-office-list">
          {proposals.map((proposal) => (
            <Proposal key={proposal.id} proposal={proposal} />
          ))}
        </ul>
      )}
    </section>
  );
}
