import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { featuresQuery } from "../../../api/features";
import { useApp } from "../../../lib/appContext";
import { useOpenDialogs } from "../../../ui/openDialogs";
import { type EventName, firstEvent, settingsQuery } from "../settings";
import { ReviewAsk } from "./ReviewAsk";
import { Spotlight } from "./Spotlight";

const EventDialog = lazy(() => import("./EventDialog").then((m) => ({ default: m.EventDialog })));

/** On the dashboard, the first system event queued for the person (SPEC §4: it replaces the
 * promos while one waits); otherwise the promos (one a visit) and, at the end of the dashboard,
 * a review request. */
export function EngagementLayer() {
  const ready = useApp().session.accountReady;
  const review = useQuery(featuresQuery()).data?.some(
    (entry) => entry.name === "review" && entry.state === "toNotify",
  );
  const event = firstEvent(useQuery(settingsQuery(ready)).data);
  const onDashboard = useLocation().pathname === "/dashboard";
  const openDialogs = useOpenDialogs();
  // Latched while shown: its own dialog counts as open. Answered or put aside, the next follows.
  const [shown, setShown] = useState<EventName | null>(null);
  useEffect(() => {
    if (shown && shown !== event) setShown(null);
    else if (!shown && event && onDashboard && openDialogs === 0) setShown(event);
  }, [event, shown, onDashboard, openDialogs]);
  if (event)
    return shown && onDashboard ? (
      <Suspense fallback={null}>
        <EventDialog key={shown} name={shown} />
      </Suspense>
    ) : null;
  return (
    <>
      <Spotlight />
      {review && onDashboard ? <ReviewAsk /> : null}
    </>
  );
}
