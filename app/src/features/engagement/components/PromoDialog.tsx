import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { featuresQuery, isOn } from "../../../api/features";
import { useApp } from "../../../lib/appContext";
import { Dialog } from "../../../ui/Dialog";
import { promoContent } from "../promos";
import type { PromoName } from "../spotlight";

/** One promo modal of SPEC §2: what the feature is and a way to it. Closing it (the close
 * button, Escape, "Not now") dismisses it; taking the action leaves it seen. */
export function PromoDialog({ name, onClose }: { name: PromoName; onClose: (dismissed: boolean) => void }) {
  const { site, layout } = useApp();
  const navigate = useNavigate();
  const seasonal = isOn(useQuery(featuresQuery()).data, "christmasSupportHours");
  const content = promoContent(name, site, layout, seasonal);
  return (
    <Dialog open title={content.title} onClose={() => onClose(true)}>
      <div className="promo" data-promo={name}>
        {content.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {content.points ? (
          <ul className="promo-points">
            {content.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button button-quiet" onClick={() => onClose(true)}>
            Not now
          </button>
          {content.action ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                const to = content.action?.to ?? "/dashboard";
                onClose(false);
                if (to.startsWith("/privacy-policy")) window.location.assign(to);
                else navigate(to);
              }}
            >
              {content.action.label}
            </button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
