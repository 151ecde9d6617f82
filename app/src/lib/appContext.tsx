import { createContext, useContext } from "react";
import type { Layout, SessionState, Site, Timings } from "../routing/types";

export interface AppContextValue {
  layout: Layout;
  site: Site;
  session: SessionState;
  timings: Timings;
  /** A plain form post's values the page shows again (see usePageQuery). */
  posted?: Record<string, string>;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error("useApp outside <AppContext.Provider>");
  return value;
}
