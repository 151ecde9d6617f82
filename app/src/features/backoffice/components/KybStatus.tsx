import { StatusChip } from "../../../ui/StatusChip";
import type { KybWaiting } from "../api";

const NAMES: Partial<Record<KybWaiting["status"], [string, "blue" | "amber" | "green" | "red" | "grey"]>> = {
  kyb_pending: ["Waiting for us", "blue"],
  kyb_requested: ["Waiting for the applicant", "amber"],
  rejected: ["Rejected", "red"],
};

/** Where a business stands in the review, in words. */
export function KybStatus({ status }: { status: KybWaiting["status"] }) {
  const [name, tone] = NAMES[status] ?? ["Approved", "green"];
  return <StatusChip tone={tone}>{name}</StatusChip>;
}
