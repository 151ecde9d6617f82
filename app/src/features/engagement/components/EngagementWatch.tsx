import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { featuresQuery } from "../../../api/features";
import { useApp } from "../../../lib/appContext";
import { eventsOf, settingsQuery } from "../settings";

const Layer = lazy(() => import("./EngagementLayer").then((m) => ({ default: m.EngagementLayer })));

/** Whether the bank has something to tell or ask the person (system events, promos, a review):
 * the person's settings are asked every 60 s once the account is ready, and the layer that
 * shows it loads only when something waits. */
export function EngagementWatch() {
  const ready = useApp().session.accountReady;
  const promo = useQuery(featuresQuery()).data?.some((entry) => entry.state === "toNotify") ?? false;
  const events = eventsOf(useQuery(settingsQuery(ready)).data).length > 0;
  const waiting = promo || events;
  // Latched: a promo being shown is no longer waiting, and must not unmount with the wait.
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (waiting) setNeeded(true);
  }, [waiting]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Layer />
    </Suspense>
  );
}
