// Its own module, not format.ts: only lazily loaded screens (invoices, loans) print days so,
// and the first load of every route set carries format.ts.

/** yyyy-MM-dd → "26 Nov 2026": a calendar day as screens print it. */
export const printedDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Europe/London",
  });
