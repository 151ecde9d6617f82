import type { Card } from "../api";
import { STATUS_LABELS } from "../model";

/** The card as it looks in the hand: last four digits, name, expiry, and its status across it
 * when it stopped paying (frozen, closed; a new card's way is the tracker's). A picture only: the same facts are in
 * the text beside it, so screen readers skip it. */
export function CardPicture({ card }: { card: Card }) {
  const lastFour = card.panMasked.slice(-4);
  const paused = card.status === "inactive" || card.status === "closed";
  return (
    <div className={`card-picture card-picture-${card.status}`} aria-hidden="true">
      <span className="card-picture-brand">Harbour</span>
      <span className="card-picture-kind">{card.isCorporate ? "Corporate" : "Debit"}</span>
      <span className="card-picture-chip" />
      <span className="card-picture-pan">{`•••• ${lastFour}`}</span>
      <span className="card-picture-holder">{card.holderName}</span>
      <span className="card-picture-expiry">{card.expiry}</span>
      {paused ? <span className="card-picture-status">{STATUS_LABELS[card.status]}</span> : null}
    </div>
  );
}
