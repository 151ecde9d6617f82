// How many kit dialogs are open: SPEC §4 opens a promo "only when no modal is open", so the
// promo chooser asks here rather than guessing from the page.
import { useSyncExternalStore } from "react";

let open = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  open += by;
  for (const listener of listeners) listener();
}

/** A dialog opened; the returned function closes it (once). */
export function dialogOpened(): () => void {
  changed(1);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    changed(-1);
  };
}

export function useOpenDialogs(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => 0,
  );
}
