import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type FeatureEntry, featuresQuery } from "../../../api/features";
import { useApp } from "../../../lib/appContext";
import { useOpenDialogs } from "../../../ui/openDialogs";
import { engagementApi } from "../api";
import { firstEvent, settingsQuery } from "../settings";
import { choosePromo, type PromoName } from "../spotlight";

/** What the person did, in the cache at once and on the server (a lost answer only means the
 * promo may be offered once more). */
function record(client: QueryClient, name: PromoName, state: "seen" | "dismissed") {
  client.setQueryData<FeatureEntry[]>(featuresQuery().queryKey, (current) =>
    current?.map((entry) => (entry.name === name ? { ...entry, state } : entry)),
  );
  engagementApi.answerPromo({ name, state }).catch(() => undefined);
}

const PromoDialog = lazy(() => import("./PromoDialog").then((m) => ({ default: m.PromoDialog })));

/**
 * SPEC §4: on the dashboard, the first promo waiting for the person opens by itself when no
 * other modal is open: one a visit, never during a task elsewhere in the app. Showing it
 * records it as seen, closing it as dismissed: it does not come back.
 */
export function Spotlight() {
  const { layout } = useApp();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const entries = useQuery(featuresQuery()).data;
  // Only an event this app can show holds the promos back.
  const events = firstEvent(useQuery(settingsQuery(useApp().session.accountReady)).data) ? 1 : 0;
  const openDialogs = useOpenDialogs();
  const [shown, setShown] = useState<PromoName | null>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current || pathname !== "/dashboard") return;
    const next = choosePromo(entries, layout, openDialogs, events);
    if (!next) return;
    opened.current = true;
    setShown(next);
    record(client, next, "seen");
  }, [client, entries, layout, openDialogs, pathname, events]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PromoDialog
        name={shown}
        onClose={(dismissed) => {
          if (dismissed) record(client, shown, "dismissed");
          setShown(null);
        }}
      />
    </Suspense>
  );
}
