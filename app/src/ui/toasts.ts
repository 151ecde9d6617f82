// SPEC §8 toasts: each shown for 5 seconds, and a text already on screen is not shown twice.
export const TOAST_MS = 5000;

export interface Toast {
  id: number;
  text: string;
  tone: "info" | "success" | "error";
}

type Listener = (toasts: readonly Toast[]) => void;

/** The toasts on screen, outside React so any code (a mutation's error) can raise one. */
export function createToasts(
  schedule: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
) {
  let shown: readonly Toast[] = [];
  let next = 1;
  const listeners = new Set<Listener>();
  const publish = () => {
    for (const listener of listeners) listener(shown);
  };
  const dismiss = (id: number) => {
    shown = shown.filter((toast) => toast.id !== id);
    publish();
  };
  return {
    show(text: string, tone: Toast["tone"] = "info"): void {
      if (shown.some((toast) => toast.text === text)) return;
      const id = next++;
      shown = [...shown, { id, text, tone }];
      publish();
      schedule(() => dismiss(id), TOAST_MS);
    },
    dismiss,
    current: () => shown,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Toasts = ReturnType<typeof createToasts>;

/** The app's one set of toasts. */
export const toasts = createToasts();
