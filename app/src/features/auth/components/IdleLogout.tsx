import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useApp } from "../../../lib/appContext";
import { featuresQuery, isOn } from "../../../api/features";
import { Dialog } from "../../../ui/Dialog";
import { logOut } from "../logOut";

const ACTIVITY = ["mousemove", "mousedown", "keydown", "touchstart", "wheel"] as const;

/**
 * SPEC §2 idle popup: after the warning time without mouse, touch or key activity, a countdown;
 * No logs out, Yes (or Escape) continues, and the end of the countdown logs out: a kit alert
 * dialog, so the focus moves to it and the page behind is inert. Only with the idleLogout
 * flag on and profiles present.
 */
export function IdleLogout() {
  const { session, timings } = useApp();
  const features = useQuery(featuresQuery()).data;
  const enabled = isOn(features, "idleLogout") && session.profilesList.length > 0;
  const [left, setLeft] = useState<number | null>(null);
  const warning = left !== null;

  useEffect(() => {
    if (!enabled || warning) return;
    let timer = setTimeout(() => setLeft(timings.idleCountdownSeconds), timings.idleWarningSeconds * 1000);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setLeft(timings.idleCountdownSeconds), timings.idleWarningSeconds * 1000);
    };
    for (const event of ACTIVITY) window.addEventListener(event, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, restart);
    };
  }, [enabled, warning, timings]);

  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      void logOut();
      return;
    }
    const tick = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(tick);
  }, [left]);

  if (left === null) return null;
  return (
    <Dialog
      open
      role="alertdialog"
      label="Are you still there?"
      describedBy="idle-text"
      onClose={() => setLeft(null)}
    >
      <p id="idle-text">
        We will automatically log you out of the Internet bank session after {left} seconds of inactivity. Do
        you want to continue?
      </p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => void logOut()}>
          No
        </button>
        <button type="button" className="button button-primary" onClick={() => setLeft(null)}>
          Yes
        </button>
      </div>
    </Dialog>
  );
}
