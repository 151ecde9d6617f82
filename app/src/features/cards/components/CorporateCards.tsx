import { StatusChip } from "../../../ui/StatusChip";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "../../../routing/Link";
import { ApiError } from "../../../api/client";
import { invitationsApi } from "../../../api/profiles";
import { type Card, sentInvitationsQuery } from "../api";
import { STATUS_LABELS, STATUS_TONES } from "../model";

const INVITATION_LABELS: Record<string, string> = {
  invitation_pending: "Invitation sent",
  invitation_expired: "Invitation expired",
};

/** The company's corporate cards and the card invitations not answered yet. */
export function CorporateCards({ cards, linkOf }: { cards: Card[]; linkOf: (card: Card) => string }) {
  const client = useQueryClient();
  const invitations = (useQuery(sentInvitationsQuery()).data?.results ?? []).filter(
    (invitation) => invitation.purpose === "card" && invitation.state in INVITATION_LABELS,
  );
  const act = useMutation({
    mutationFn: async ({ id, resend }: { id: string; resend: boolean }) => {
      if (resend) await invitationsApi.resend(id);
      else await invitationsApi.revoke(id);
    },
    onSettled: () => client.invalidateQueries({ queryKey: sentInvitationsQuery().queryKey }),
  });
  return (
    <>
      {cards.length > 0 ? (
        <ul className="card-list" aria-label="Corporate cards">
          {cards.map((card) => (
            <li key={card.id}>
              <Link to={linkOf(card)} className="card-tile">
                <span className="card-tile-pan">{card.panMasked}</span>
                <span className="card-tile-holder">{card.holderName}</span>
                <StatusChip tone={STATUS_TONES[card.status]} className="card-status">
                  {STATUS_LABELS[card.status]}
                </StatusChip>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>No employee holds a corporate card yet.</p>
      )}
      {invitations.length > 0 ? (
        <ul className="card-invitations" aria-label="Card invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="card-invitation">
              <span>
                <strong>{invitation.name}</strong> {invitation.email}
              </span>
              <span className="card-status">{INVITATION_LABELS[invitation.state]}</span>
              <span className="form-actions">
                <button
                  type="button"
                  className="button button-quiet"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ id: invitation.id, resend: true })}
                >
                  Resend
                </button>
                {invitation.state === "invitation_pending" ? (
                  <button
                    type="button"
                    className="button button-quiet"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ id: invitation.id, resend: false })}
                  >
                    Withdraw
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {act.error ? (
        <p className="notice notice-error" role="alert">
          {act.error instanceof ApiError ? act.error.message : "Something went wrong"}
        </p>
      ) : null}
    </>
  );
}
