import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { featuresQuery } from "../../../api/features";

const Layer = lazy(() => import("./EngagementLayer").then((m) => ({ default: m.EngagementLayer })));

/** What the bank has to tell or ask the person (promos, a review), loaded only once the page is
 * interactive and only when something waits: no page's first load or server render carries it. */
export function Engagement() {
  const waiting = useQuery(featuresQuery()).data?.some((entry) => entry.state === "toNotify") ?? false;
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
