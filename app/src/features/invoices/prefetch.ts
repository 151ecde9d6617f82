// What each invoicing page loads before the server renders it. Imported by the routes on
// demand, so the dashboard's own script carries none of invoicing's calls.
import type { QueryClient } from "@tanstack/react-query";
import { bankAccountsQuery } from "../../api/bankAccounts";
import type { RouteContext } from "../../routing/types";
import { invoiceQuery, invoicesQuery, nextNumberQuery, partnersQuery, savedDocumentQuery } from "./api";
import { filtersOf } from "./filters";

const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);

export function list(client: QueryClient, { query }: RouteContext): Promise<unknown>[] {
  const { page, filters } = filtersOf(query);
  return [
    quietly(client.ensureQueryData(invoicesQuery(page, filters))),
    quietly(client.prefetchQuery(partnersQuery())),
  ];
}

export function form(client: QueryClient, { params }: RouteContext): Promise<unknown>[] {
  return [
    quietly(client.ensureQueryData(partnersQuery())),
    quietly(client.ensureQueryData(bankAccountsQuery())),
    params.invoiceId
      ? quietly(client.ensureQueryData(invoiceQuery(params.invoiceId)))
      : quietly(client.ensureQueryData(nextNumberQuery())),
  ];
}

export function view(client: QueryClient, { params }: RouteContext): Promise<unknown>[] {
  const id = params.invoiceId ?? "";
  return [
    quietly(client.ensureQueryData(invoiceQuery(id))),
    quietly(client.ensureQueryData(savedDocumentQuery(id))),
  ];
}

export function partners(client: QueryClient): Promise<unknown>[] {
  return [quietly(client.ensureQueryData(partnersQuery()))];
}
