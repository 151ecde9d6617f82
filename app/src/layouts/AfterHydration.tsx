import { lazy, Suspense, useEffect, useState } from "react";

const Extras = lazy(() => import("./Extras").then((m) => ({ default: m.Extras })));

/** What the signed-in frame adds once the page is interactive (what the bank has to tell or
 * ask the person, the support chat): no page's first load or server render carries it. */
export function AfterHydration() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Extras />
    </Suspense>
  );
}
