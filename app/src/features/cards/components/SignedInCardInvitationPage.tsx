import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { ApiError } from "../../../api/client";
import { invitationLinkQuery, invitationsApi } from "../../../api/profiles";
import { useApp } from "../../../lib/appContext";
import { invitationOffer } from "../../../lib/roles";

/**
 * The same link opened by someone signed in who is still opening their own account (SPEC §2
 * director set, desktop): the card offered, accepted or declined here when the invitation is
 * addressed to them; the card arrives whatever their own account's progress.
 */
export function SignedInCardInvitationPage() {
  const { inviteKey = "" } = useParams();
  const { session } = useApp();
  const client = useQueryClient();
  const link = useQuery(invitationLinkQuery(inviteKey)).data;
  const answer = useMutation({
    mutationFn: (accepting: boolean) =>
      accepting ? invitationsApi.accept("", inviteKey) : invitationsApi.decline("", inviteKey),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["profiles"] }),
  });
  const invitation = link && "invitation" in link ? link.invitation : null;
  const mine = invitation !== null && invitation.email.toLowerCase() === session.user?.email.toLowerCase();
  const answered = answer.data?.state;
  return (
    <section className="panel" aria-labelledby="card-invite-title">
      <h1 id="card-invite-title">Your company card</h1>
      {link && "problem" in link ? (
        <p className="notice notice-error" role="alert">
          {link.problem}
        </p>
      ) : null}
      {invitation && !answered ? <p>{invitationOffer(invitation)}</p> : null}
      {invitation && !mine ? (
        <p className="notice notice-warning">
          {`This card is for ${invitation.email}. Log out and open the link again to accept it with that email.`}
        </p>
      ) : null}
      {answered === "invitation_accepted" ? (
        <p className="notice notice-success" role="status">
          {`You accepted the card from ${invitation?.profileName ?? "the company"}. We send it now; you will find it under My Cards once your own account is open.`}
        </p>
      ) : null}
      {answered === "invitation_declined" ? (
        <p className="notice notice-info" role="status">
          You declined the card. The company can invite you again if you change your mind.
        </p>
      ) : null}
      {answer.error ? (
        <p className="notice notice-error" role="alert">
          {answer.error instanceof ApiError ? answer.error.message : "Something went wrong"}
        </p>
      ) : null}
      {invitation && mine && !answered ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button-quiet"
            disabled={answer.isPending}
            onClick={() => answer.mutate(false)}
          >
            Decline
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate(true)}
          >
            Accept the card
          </button>
        </div>
      ) : null}
      <p>
        <Link to="/controller">Continue opening your account</Link>
      </p>
    </section>
  );
}
