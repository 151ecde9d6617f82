import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { invitationsApi, myInvitationsQuery, profilesQuery } from "../api";
import { invitationOffer } from "../../../lib/roles";
import { Dialog } from "../../../ui/Dialog";

/** SPEC §2 active-invitation modal: the first open invitation, to accept or decline (a kit
 * dialog: the focus moves in, the page behind is inert). Accepting adds the company to the
 * profile switcher. */
export function ActiveInvitation() {
  const client = useQueryClient();
  const first = useQuery(myInvitationsQuery()).data?.results[0];
  const [error, setError] = useState<string | null>(null);
  // Closed without an answer (Escape, the close button): asked again on the next visit.
  const [later, setLater] = useState<string | null>(null);
  const settle = () => {
    setError(null);
    void client.invalidateQueries({ queryKey: myInvitationsQuery().queryKey });
    void client.invalidateQueries({ queryKey: profilesQuery().queryKey });
  };
  const failed = (caught: unknown) =>
    setError(caught instanceof ApiError ? caught.message : "Something went wrong");
  const accept = useMutation({
    mutationFn: (id: string) => invitationsApi.accept(id),
    onSuccess: settle,
    onError: failed,
  });
  const decline = useMutation({
    mutationFn: (id: string) => invitationsApi.decline(id),
    onSuccess: settle,
    onError: failed,
  });
  if (!first) return null;
  return (
    <Dialog open={later !== first.id} title="You are invited" onClose={() => setLater(first.id)}>
      <p>{invitationOffer(first)}</p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="button button-quiet"
          onClick={() => decline.mutate(first.id)}
          disabled={accept.isPending || decline.isPending}
        >
          Decline
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => accept.mutate(first.id)}
          disabled={accept.isPending || decline.isPending}
        >
          Accept
        </button>
      </div>
    </Dialog>
  );
}
