// What the loans page loads before the server renders it, imported by the route on demand.
import type { QueryClient } from "@tanstack/react-query";
import { factoringInvoicesQuery, loanApplicationsQuery } from "./api";
import { merchantQuery, turnoverQuery } from "./merchantApi";
import { mortgageQuery } from "./mortgageApi";
import { businessTypesQuery } from "../../api/businessTypes";

export function loans(client: QueryClient): Promise<unknown>[] {
  // A refusal (no lender) is the page's to show, not the render's to fail on.
  return [client.prefetchQuery(loanApplicationsQuery())];
}

export function merchant(client: QueryClient): Promise<unknown>[] {
  return [client.prefetchQuery(merchantQuery()), client.prefetchQuery(turnoverQuery())];
}

export function mortgage(client: QueryClient): Promise<unknown>[] {
  return [client.prefetchQuery(mortgageQuery()), client.prefetchQuery(businessTypesQuery())];
}

export function factoring(client: QueryClient): Promise<unknown>[] {
  return [
    client.prefetchQuery(loanApplicationsQuery("factoring")),
    client.prefetchQuery(factoringInvoicesQuery()),
  ];
}
