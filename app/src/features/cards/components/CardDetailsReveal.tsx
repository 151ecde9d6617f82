import { useEffect, useState } from "react";
import { type Card, type CardDetails, cardsApi, type MfaStep } from "../api";
import { problemOf, SmsApproval } from "./SmsApproval";

/** Issue 14: the full number, expiry and CVV after an SMS approval, hidden again after 60 s. */
export function CardDetailsReveal({ card }: { card: Card }) {
  const [step, setStep] = useState<MfaStep | null>(null);
  const [details, setDetails] = useState<CardDetails | null>(null);
  const [left, setLeft] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!details) return;
    if (left <= 0) {
      setDetails(null);
      return;
    }
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [details, left]);

  const start = async () => {
    setError(null);
    try {
      setStep(await cardsApi.approve("card_details", card.id));
    } catch (caught) {
      setError(problemOf(caught));
    }
  };

  if (details) {
    return (
      <section className="card-details" aria-label="Card details">
        <dl className="details">
          <dt>Card number</dt>
          <dd className="card-pan">{details.pan}</dd>
          <dt>Expiry</dt>
          <dd>{details.expiry}</dd>
          <dt>CVV</dt>
          <dd>{details.cvv}</dd>
          <dt>Name on card</dt>
          <dd>{details.holderName}</dd>
        </dl>
        <p className="field-hint" role="timer">{`Hidden again in ${left} s`}</p>
        <button type="button" className="button button-quiet" onClick={() => setDetails(null)}>
          Hide details
        </button>
      </section>
    );
  }
  if (step) {
    return (
      <SmsApproval
        step={step}
        what="show your card details"
        onCancel={() => setStep(null)}
        onApproved={async (requestId) => {
          const shown = await cardsApi.details(card.id, requestId);
          setStep(null);
          setLeft(shown.visibleForS);
          setDetails(shown);
        }}
      />
    );
  }
  return (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button-secondary" onClick={() => void start()}>
        Show card details
      </button>
    </>
  );
}
