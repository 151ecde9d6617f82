import type { Card } from "../api";
import { DELIVERY_STAGES, deliveryStage } from "../model";

/** A new card's way to its holder: ordered, being made, on its way, arrived. The cards page
 * asks the server again while the card travels, so the tracker moves on by itself; the status
 * text is a live region, so a screen reader hears each step. */
export function DeliveryTracker({ card }: { card: Card }) {
  const stage = deliveryStage(card.status);
  if (stage === null) return null;
  return (
    <div className="tracker-block">
      <ol className="tracker" aria-label="Card delivery">
        {DELIVERY_STAGES.map((step, index) => (
          <li
            key={step.status}
            className={index < stage ? "tracker-done" : index === stage ? "tracker-current" : undefined}
            aria-current={index === stage ? "step" : undefined}
          >
            <span className="tracker-dot" aria-hidden="true" />
            <span className="tracker-label">{step.label}</span>
          </li>
        ))}
      </ol>
      <p className="tracker-status" role="status">
        {card.statusHint}
      </p>
    </div>
  );
}
