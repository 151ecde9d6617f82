import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Card, type ClosureReason, cardsApi, cardsQuery, type MfaStep } from "../api";
import { CLOSURE_REASONS } from "../model";
import { Dialog } from "../../../ui/Dialog";
import { RadioCards } from "../../../ui/RadioCards";
import { problemOf, SmsApproval } from "./SmsApproval";

/** Closing a card for one of SPEC §8's reasons, behind an approval with purpose card_closure. */
export function CloseCard({ card }: { card: Card }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ClosureReason | null>(null);
  const [step, setStep] = useState<MfaStep | null>(null);
  const [error, setError] = useState<string | null>(null);

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
  const cancel = () => {
    setOpen(false);
    setStep(null);
    setError(null);
  };
  return (
    <>
      <button type="button" className="button button-quiet button-danger" onClick={() => setOpen(true)}>
        Close card
      </button>
      <Dialog open={open} title="Close this card?" onClose={cancel}>
        <div className="close-card">
          <RadioCards
            legend="Why are you closing the card?"
            name="reason"
            value={reason ?? ""}
            onChange={(value) => setReason(CLOSURE_REASONS.find((c) => c.value === value)?.value ?? null)}
            options={CLOSURE_REASONS.map((c) => ({
              value: c.value,
              label: c.label,
              disabled: step !== null,
            }))}
          />
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
                cancel();
                await client.invalidateQueries({ queryKey: cardsQuery().queryKey });
              }}
            />
          ) : (
            <div className="form-actions">
              <button type="button" className="button button-quiet" onClick={cancel}>
                Keep card
              </button>
              <button type="button" className="button button-danger" onClick={() => void start()}>
                Close card
              </button>
            </div>
          )}
        </div>
      </Dialog>
    </>
  );
}
