import { useSyncExternalStore } from "react";
import { type Toasts, toasts as appToasts } from "./toasts";

const none: readonly never[] = [];

/** Where toasts appear: a polite live region, so each is read out once. */
export function Toaster({ toasts = appToasts }: { toasts?: Toasts }) {
  const shown = useSyncExternalStore(toasts.subscribe, toasts.current, () => none);
  return (
    <div className="toaster" aria-live="polite">
      {shown.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} role="status">
          <span>{toast.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => toasts.dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
