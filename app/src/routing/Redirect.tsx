import { createContext, useContext } from "react";
import { Navigate } from "react-router";

/** Filled during a server render: the first redirect a page asks for becomes a 302. */
export interface RenderSignals {
  redirect: string | null;
}

export const RenderSignalsContext = createContext<RenderSignals | null>(null);

/**
 * Sends the person on to `to`: a 302 when the server renders the page (so the browser never
 * shows the page it leaves), a replacing navigation in the browser. For redirects that depend
 * on data the page loads, like the onboarding controller's KYC status.
 */
export function Redirect({ to }: { to: string }) {
  const signals = useContext(RenderSignalsContext);
  if (signals) {
    signals.redirect ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
