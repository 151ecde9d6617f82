import { lazy, Suspense, useEffect, useState } from "react";

const Watch = lazy(() => import("./EngagementWatch").then((m) => ({ default: m.EngagementWatch })));

/** What the bank has to tell or ask the person, watched for only once the page is interactive:
 * no page's first load or server render carries it. */
export function Engagement() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Watch />
    </Suspense>
  );
}
