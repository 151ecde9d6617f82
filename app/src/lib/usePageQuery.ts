import { useMemo } from "react";
import { useLocation } from "react-router";
import { useApp } from "./appContext";
import { parseQuery } from "./url";

/** The page's query, and on the page a plain form post was answered with, what was posted
 * (server: `FormPost::show`), which overrides it. Only the first location of the document has
 * them: after any navigation the page starts afresh. */
export function usePageQuery(): Record<string, string> {
  const location = useLocation();
  const { posted } = useApp();
  return useMemo(
    () => ({ ...parseQuery(location.search), ...(location.key === "default" ? posted : undefined) }),
    [location.search, location.key, posted],
  );
}
