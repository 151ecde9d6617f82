import { useApp } from "../lib/appContext";
import { LogoMark } from "./Logo";

/** SPEC §9: once shown, the app loader stays at least a second, so it never flashes. */
export const LOADER_MIN_MS = 1000;

/** Waits for `work` and for `ms` to pass, whichever is later; `work`'s failure is passed on. */
export async function atLeast<T>(
  ms: number,
  work: Promise<T>,
  wait: (ms: number) => Promise<void> = (delay) => new Promise((resolve) => setTimeout(resolve, delay)),
): Promise<T> {
  const [result] = await Promise.all([work, wait(ms)]);
  return result;
}

/** SPEC §2 loader screen: the whole window while the person's data loads (a profile opening),
 * with what is happening read out. */
export function AppLoader({ label }: { label: string }) {
  const { site } = useApp();
  return (
    <div className="app-loader" role="status" aria-live="polite">
      <LogoMark size={48} />
      <span className="app-loader-spinner" aria-hidden="true" />
      <p>{label}</p>
      <p className="visually-hidden">{site.tradingName}</p>
    </div>
  );
}
