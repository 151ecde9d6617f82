import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Card, type ClosureReason, cardsApi, cardsQuery, type MfaStep } from "../api";
import { CLOSURE_REASONS } from "../model";
import { problemOf, SmsApproval } from "./SmsApproval";

/** Closing a card for one of SPEC §8's reasons, behind an approval with purpose card_closure. */
export function CloseCard({ card }: { card: Card }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ClosureReason | null>(null);
  const [step, setStep] = useState<MfaStep | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button type="button" className="button button-quiet button-danger" onClick={() => setOpen(true)}>
        Close card
      </button>
    );
  }
  const start = async () => {
    setError(null);
    if (!reason) {
      setError("Please choose why you are closing the card");
      return;
    }
    try {
      setStep(await cardsApi.approve("card_closure", card.id));
    } catch (caught) {
      setError(problemOf(caught));
    }
  };
  return (
    <fieldset className="close-card">
      <legend>Why are you closing the card?</legend>
      {CLOSURE_REASONS.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name="reason"
            value={choice.value}
            checked={reason === choice.value}
            onChange={() => setReason(choice.value)}
            disabled={step !== null}
          />
          {choice.label}
        </label>
      ))}
      <p className="field-hint">A closed card cannot be used again.</p>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {step && reason ? (
        <SmsApproval
          step={step}
          what="close your card"
          onCancel={() => setStep(null)}
          onApproved={async (requestId) => {
            await cardsApi.close(card.id, reason, requestId);
            setStep(null);
            setOpen(false);
            await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
          }}
        />
      ) : (
        <div className="form-actions">
          <button type="button" className="button button-quiet" onClick={() => setOpen(false)}>
            Keep card
          </button>
          <button type="button" className="button button-primary" onClick={() => void start()}>
            Close card
          </button>
        </div>
      )}
    </fieldset>
  );
}
