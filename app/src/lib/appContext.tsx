import { createContext, useContext } from "react";
import type { Layout, SessionState, Site } from "../routing/types";

export interface AppContextValue {
  layout: Layout;
  site: Site;
  session: SessionState;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error("useApp outside <AppContext.Provider>");
  return value;
}
