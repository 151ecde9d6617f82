import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { invitationsApi, teamQuery } from "../api";

/** An Account Owner's resend and revoke of an invitation in the team. */
export function InvitationActions({ id, onRevoked }: { id: string; onRevoked?: () => void }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const failed = (caught: unknown) =>
    setMessage({ text: caught instanceof ApiError ? caught.message : "Something went wrong", error: true });
  const resend = useMutation({
    mutationFn: () => invitationsApi.resend(id),
    onSuccess: (answer) => {
      setMessage({ text: answer.message, error: false });
      void client.invalidateQueries({ queryKey: teamQuery().queryKey });
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: () => invitationsApi.revoke(id),
    // The team is fetched again before the page moves on, so the list it returns to never
    // shows the revoked invitation for a moment.
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: teamQuery().queryKey });
      onRevoked?.();
    },
    onError: failed,
  });
  return (
    <div className="invitation-actions">
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice notice-success"} role="status">
          {message.text}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-quiet"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
      >
        Resend
      </button>
      <button
        type="button"
        className="button button-quiet"
        onClick={() => revoke.mutate()}
        disabled={revoke.isPending}
      >
        Revoke
      </button>
    </div>
  );
}
