import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server render and the hydrating pass, true after: a control renders its plain,
 * form-posting fallback until its script can run, so the page works before (or without) JS. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
