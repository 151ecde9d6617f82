import type { QueryClient } from "@tanstack/react-query";
import { resetDelayMs } from "../../lib/amount";

// SPEC §4: after a transfer the transaction list is refreshed on a schedule (15/n seconds for
// the n-th refresh, 5 seconds once n is above 3), so the pending row turns completed on its own.
const REFRESHES = 8;
let timer: ReturnType<typeof setTimeout> | undefined;

export function startTransactionsReset(client: QueryClient, counter = 1): void {
  if (timer !== undefined) clearTimeout(timer);
  if (counter > REFRESHES) {
    timer = undefined;
    return;
  }
  timer = setTimeout(() => {
    void client.invalidateQueries({ queryKey: ["transactions"] });
    void client.invalidateQueries({ queryKey: ["transaction"] });
    startTransactionsReset(client, counter + 1);
  }, resetDelayMs(counter));
}
