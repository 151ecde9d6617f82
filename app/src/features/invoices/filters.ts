import type { InvoiceFilters } from "./api";

/** The list's filters as the address carries them (so the GET form works before hydration). */
export function filtersOf(query: Record<string, string>): { page: number; filters: InvoiceFilters } {
  const status = query.status === "draft" || query.status === "sent" ? query.status : undefined;
  return {
    page: Math.max(1, Number(query.page) || 1),
    filters: {
      ...(status ? { status } : {}),
      ...(query.partnerId ? { partnerId: query.partnerId } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    },
  };
}
