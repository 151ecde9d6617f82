// What the loans page loads before the server renders it, imported by the route on demand.
import type { QueryClient } from "@tanstack/react-query";
import { loanApplicationsQuery } from "./api";

export function loans(client: QueryClient): Promise<unknown>[] {
  // A refusal (no lender) is the page's to show, not the render's to fail on.
  return [client.prefetchQuery(loanApplicationsQuery())];
}
