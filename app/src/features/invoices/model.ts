// The invoice form's state (SPEC §3 Invoice; §9 defaults) and the checks it can make before
// asking the server (SPEC §5 invoice checks, in the server's words). The figures are the
// server's: the form shows what the preview call answers, never sums of its own.
import { addDays } from "../../ui/calendar";
import type { Tone } from "../../ui/StatusChip";
import type { Invoice, InvoiceBody, Partner, PaymentStatus } from "./api";

export interface ItemDraft {
  description: string;
  periodFrom: string;
  periodTo: string;
  quantityHours: string;
  price: string;
}

export interface InvoiceDraft {
  number: string;
  issueDate: string;
  dueDate: string;
  bankAccountId: string;
  partnerId: string;
  isDiscountApplied: boolean;
  discountType: "fixed-amount" | "percent";
  discount: string;
  isVatApplied: boolean;
  vatAmount: string;
  items: ItemDraft[];
}

/** SPEC §9: due six days after issue, VAT 20, fixed-amount discounts. */
export const DUE_AFTER_DAYS = 6;
export const DEFAULT_VAT = "20";

export const REQUIRED = "Field is required";
export const NO_ITEMS = "Add at least one item";
export const BAD_AMOUNT = "Please, select right amount";
export const DISCOUNT_OVER_100 = "The discount can be at most 100%";

export const emptyItem = (): ItemDraft => ({
  description: "",
  periodFrom: "",
  periodTo: "",
  quantityHours: "",
  price: "",
});

export function dueAfter(issueDate: string): string {
  return addDays(issueDate, DUE_AFTER_DAYS, "1800-01-01", undefined);
}

/** A new invoice for `partner` (when chosen), paid into an open account in the partner's
 * currency if there is one, else the first. */
export function newDraft(
  today: string,
  number: string,
  partner: Partner | undefined,
  accounts: readonly { id: string; currency: string }[],
): InvoiceDraft {
  const account = accounts.find((a) => a.currency === partner?.currency) ?? accounts[0];
  return {
    number,
    issueDate: today,
    dueDate: dueAfter(today),
    bankAccountId: account?.id ?? "",
    partnerId: partner?.id ?? "",
    isDiscountApplied: false,
    discountType: "fixed-amount",
    discount: "",
    isVatApplied: true,
    vatAmount: DEFAULT_VAT,
    items: [emptyItem()],
  };
}

export function fromInvoice(invoice: Invoice): InvoiceDraft {
  return {
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    bankAccountId: invoice.bankAccountId,
    partnerId: invoice.partner?.id ?? "",
    isDiscountApplied: Boolean(invoice.discount),
    discountType: invoice.discountType ?? "fixed-amount",
    discount: invoice.discount ?? "",
    isVatApplied: invoice.isVatApplied,
    vatAmount: invoice.vatAmount ?? DEFAULT_VAT,
    items: invoice.items.map((item) => ({
      description: item.description ?? "",
      periodFrom: item.periodFrom ?? "",
      periodTo: item.periodTo ?? "",
      quantityHours: item.quantityHours ?? "",
      price: item.price ?? "",
    })),
  };
}

/** What a plain form post showed again (server: http/invoice_forms.rs), over `base`. */
export function fromPosted(posted: Record<string, string>, base: InvoiceDraft): InvoiceDraft {
  if (!("number" in posted || "rows" in posted)) return base;
  const rows = Number(posted.rows ?? "0");
  const items: ItemDraft[] = [];
  for (let n = 0; n < rows && n < 100; n++) {
    const value = (field: keyof ItemDraft) => posted[`items.${n}.${field}`] ?? "";
    items.push({
      description: value("description"),
      periodFrom: value("periodFrom"),
      periodTo: value("periodTo"),
      quantityHours: value("quantityHours"),
      price: value("price"),
    });
  }
  const ticked = (name: string) => name in posted && posted[name] !== "false";
  return {
    number: posted.number ?? base.number,
    issueDate: posted.issueDate ?? base.issueDate,
    dueDate: posted.dueDate ?? base.dueDate,
    bankAccountId: posted.bankAccountId ?? base.bankAccountId,
    partnerId: posted.partnerId ?? base.partnerId,
    isDiscountApplied: ticked("isDiscountApplied"),
    discountType: posted.discountType === "percent" ? "percent" : "fixed-amount",
    discount: posted.discount ?? "",
    isVatApplied: ticked("isVatApplied"),
    vatAmount: posted.vatAmount ?? "",
    items: items.length > 0 ? items : [emptyItem()],
  };
}

const isEmptyItem = (item: ItemDraft) => Object.values(item).every((value) => !value.trim());

export function toBody(draft: InvoiceDraft, id?: string): InvoiceBody {
  return {
    ...(id ? { id } : {}),
    number: draft.number,
    issueDate: draft.issueDate,
    dueDate: draft.dueDate,
    bankAccountId: draft.bankAccountId,
    partnerId: draft.partnerId,
    isDiscountApplied: draft.isDiscountApplied,
    discountType: draft.discountType,
    discount: draft.isDiscountApplied ? draft.discount : "",
    isVatApplied: draft.isVatApplied,
    vatAmount: draft.isVatApplied ? draft.vatAmount : "",
    items: draft.items.filter((item) => !isEmptyItem(item)),
  };
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** The checks the form makes at once; the server makes them all again, and the rest. */
export function checkDraft(draft: InvoiceDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.number.trim()) errors.number = REQUIRED;
  if (!draft.bankAccountId) errors.bankAccountId = REQUIRED;
  if (!draft.partnerId) errors.partnerId = REQUIRED;
  const items = draft.items.filter((item) => !isEmptyItem(item));
  if (items.length === 0) errors.items = NO_ITEMS;
  draft.items.forEach((item, index) => {
    if (isEmptyItem(item)) return;
    const field = (name: string) => `items[${index}].${name}`;
    if (!item.description.trim()) errors[field("description")] = REQUIRED;
    if (!AMOUNT.test(item.quantityHours.trim())) errors[field("quantityHours")] = BAD_AMOUNT;
    if (!AMOUNT.test(item.price.trim())) errors[field("price")] = BAD_AMOUNT;
  });
  if (draft.isDiscountApplied) {
    if (!draft.discount.trim()) errors.discount = REQUIRED;
    else if (!AMOUNT.test(draft.discount.trim())) errors.discount = BAD_AMOUNT;
    else if (draft.discountType === "percent" && Number(draft.discount) > 100)
      errors.discount = DISCOUNT_OVER_100;
  }
  if (draft.isVatApplied && !draft.vatAmount.trim()) errors.vatAmount = REQUIRED;
  return errors;
}

/** The list's chips (SPEC §4 tones): a draft, then where a sent invoice stands. */
export const STATUS: Record<PaymentStatus | "draft", { label: string; tone: Tone }> = {
  draft: { label: "Draft", tone: "grey" },
  unpaid: { label: "Awaiting payment", tone: "blue" },
  overdue: { label: "Overdue", tone: "red" },
  partly_paid: { label: "Partly paid", tone: "amber" },
  paid: { label: "Paid", tone: "green" },
  overpaid: { label: "Overpaid", tone: "amber" },
};

export function statusOf(invoice: Invoice): { label: string; tone: Tone } {
  return STATUS[invoice.sent?.paymentStatus ?? "draft"];
}

/** Decimal text ("1984.50") as the number the Money component shows; display only. */
export const shown = (text: string) => Number(text);

/** A yyyy-MM-dd day as people read it: "3 Nov 2026" (the PDF prints the same). */
export { printedDay } from "../../lib/printedDay";
