import { useState } from "react";
import type { Card } from "../api";
import { problemOf } from "./SmsApproval";

/** Freeze or unfreeze an active or frozen card; `freeze` calls the server and refreshes. */
export function FreezeToggle({
  card,
  freeze,
}: {
  card: Card;
  freeze: (frozen: boolean) => Promise<unknown>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = async (frozen: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await freeze(frozen);
    } catch (caught) {
      setError(problemOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        {card.status === "active" ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void toggle(true)}
          >
            Freeze card
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void toggle(false)}
          >
            Unfreeze card
          </button>
        )}
      </div>
    </>
  );
}
