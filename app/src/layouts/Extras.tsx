import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { featuresQuery, isOn } from "../api/features";
import { EngagementWatch } from "../features/engagement/components/EngagementWatch";
import { useApp } from "../lib/appContext";

const ChatWidget = lazy(() =>
  import("../features/support/components/ChatWidget").then((m) => ({ default: m.ChatWidget })),
);

/** Loaded after hydration: the engagement watch (events, promos, a review request) and, while
 * SPEC §1's chatWidget is on, the support chat for anyone acting for a profile. */
export function Extras() {
  const { session } = useApp();
  const chat = isOn(useQuery(featuresQuery()).data, "chatWidget") && Boolean(session.selectedProfileId);
  return (
    <>
      <EngagementWatch />
      {chat ? (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      ) : null}
    </>
  );
}
