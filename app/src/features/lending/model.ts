// The loan form's choices and the status screen's words (SPEC §4 Loan; the server checks the
// same in domain/lending/loan.rs).
import type { Tone } from "../../ui/StatusChip";
import type { LoanApplication } from "./api";

export const TERMS = [3, 6, 12, 18, 24, 36] as const;
export const PURPOSES = [
  "Working capital",
  "Stock or inventory",
  "Equipment",
  "Marketing",
  "Refinancing",
  "Expansion",
] as const;

/** SPEC §8: the notice when a further loan is asked for too soon. */
export const TOO_SOON =
  "Another loan can be applied for not earlier than three months after the initial application.";

export function toneOf(status: LoanApplication["status"]): Tone {
  switch (status) {
    case "approved":
      return "green";
    case "rejected":
      return "red";
    case "pre_approved":
      return "amber";
    default:
      return "blue";
  }
}

/** What the person reads under the status. */
export function statusText(application: LoanApplication): string {
  switch (application.status) {
    case "applied":
    case "in_review":
      return "The lender is looking at your application. Continue with them if they ask for anything.";
    case "pre_approved":
      return application.offeredAmount !== null
        ? "The lender has made you an offer. Continue with them to accept it."
        : "Your business is eligible. Continue with the lender to see your offer.";
    case "approved":
      return application.paidAmount !== null
        ? "The lender has paid the money into your GBP account."
        : "The lender has approved your loan.";
    case "rejected":
      return application.reason ?? "The lender could not offer a loan this time.";
  }
}

/** yyyy-MM → "Nov 2026". */
export function printedMonth(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString("en-GB", {
    month: "short",
    year: "numeric",
    timeZone: "Europe/London",
  });
}
