// Invoicing's calls (SPEC §7 Invoices, partners, documents; issue 29).
import { queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type Schemas } from "../../api/client";
import * as S from "../../api/schemas-invoices.gen";
import { Success } from "../../api/schemas.gen";

export type Invoice = Schemas["InvoiceView"];
export type InvoiceBody = BodyOf<"/v2/invoices", "put">;
export type InvoiceFilters = Schemas["InvoiceFilters"];
export type Partner = Schemas["PartnerView"];
export type PartnerBody = BodyOf<"/v2/invoices/partners", "put">;
export type InvoiceDocument = Schemas["DocumentView"];
export type PaymentStatus = Schemas["PaymentStatus"];
export type EmailEntry = Schemas["EmailEntry"];

/** SPEC §9: lists page by 20. */
export const PAGE_SIZE = 20;

export const invoicesQuery = (page: number, filters: InvoiceFilters) =>
  queryOptions({
    queryKey: ["invoices", page, filters],
    queryFn: () => api.post("/v2/invoices/fetch", { page, limit: PAGE_SIZE, filters }, S.InvoicePage),
  });

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ["invoice", id],
    queryFn: () => api.post("/v2/invoices/take", { id }, S.InvoiceView),
  });

/** A saved invoice or credit note as its client sees it (a sent one exactly as sent). */
export const savedDocumentQuery = (id: string) =>
  queryOptions({
    queryKey: ["invoice-document", id],
    queryFn: () =>
      api.post("/v2/documents/previews/take", { type: "saved_invoice", data: { id } }, S.PreviewView),
  });

/** The invoice form picks from every partner (SPEC §7: limit 1000). */
export const partnersQuery = () =>
  queryOptions({
    queryKey: ["invoice-partners"],
    queryFn: () => api.post("/v2/invoices/partners/fetch", { page: 1, limit: 1000 }, S.PartnerPage),
  });

export const nextNumberQuery = () =>
  queryOptions({
    queryKey: ["invoice-number"],
    queryFn: () => api.get("/v2/invoices/number", S.NextNumber),
    staleTime: 0,
  });

export const invoicesApi = {
  save: (body: InvoiceBody) => api.put("/v2/invoices", body, S.InvoiceView),
  remove: (id: string) => api.delete("/v2/invoices", { id }, Success),
  preview: (data: InvoiceBody) =>
    api.post("/v2/documents/previews/take", { type: "invoice", data }, S.PreviewView),
  send: (id: string, emailEntries: EmailEntry[], again = false) =>
    api.post("/v2/invoices/send", { id, emailEntries, again }, Success),
  creditNote: (invoiceId: string, amount: string, reason: string, emailEntries: EmailEntry[]) =>
    api.post("/v2/invoices/credit_notes", { invoiceId, amount, reason, emailEntries }, S.CreditNoteMade),
  savePartner: (body: PartnerBody) => api.put("/v2/invoices/partners", body, S.PartnerView),
  removePartner: (id: string) => api.delete("/v2/invoices/partners", { id }, Success),
};

/** The PDF and the e-invoice are plain downloads: the session cookie goes with them. */
export const pdfUrl = (id: string) => `/v2/documents/invoice?entId=${encodeURIComponent(id)}`;
export const eInvoiceUrl = (id: string) => `/v2/documents/e_invoice?entId=${encodeURIComponent(id)}`;
