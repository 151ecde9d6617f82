// The steps after the first, a chunk of their own: a transfer always opens on its amount, so the
// first load carries only that step, and TransferPage fetches these once it has hydrated.
export { ApproveStep } from "./ApproveStep";
export { ConfirmStep } from "./ConfirmStep";
export { DoneStep } from "./DoneStep";
