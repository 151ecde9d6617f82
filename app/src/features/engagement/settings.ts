// SPEC §3 settings (the person's system events and answered surveys), polled every 60 s (§9);
// SPEC §4: once the account is ready, the first queued event replaces the promo modals.
import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { api } from "../../api/client";
import { Setting } from "../../api/schemas.gen";

export const SETTINGS_POLL_MS = 60_000;

/** The events this app knows how to show; another name (from a newer bank) waits for it. */
export const KNOWN_EVENTS = ["cardShippingAddress", "openBankingSurvey"] as const;
export type EventName = (typeof KNOWN_EVENTS)[number];

export type Settings = v.InferOutput<typeof Setting>[];

export const settingsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ["settings"],
    queryFn: () => api.get("/v1/utils/settings", v.array(Setting)),
    enabled,
    staleTime: SETTINGS_POLL_MS,
    refetchInterval: enabled ? SETTINGS_POLL_MS : false,
  });

export function eventsOf(settings: Settings | undefined): string[] {
  return settings?.find((entry) => entry.name === "events")?.value ?? [];
}

/** The first queued event this app can show, if any. */
export function firstEvent(settings: Settings | undefined): EventName | null {
  const first = eventsOf(settings).find((name): name is EventName =>
    (KNOWN_EVENTS as readonly string[]).includes(name),
  );
  return first ?? null;
}

/** What the app sends back when the person puts an event aside: the queue without it. */
export function without(settings: Settings | undefined, event: EventName): string[] {
  return eventsOf(settings).filter((name) => name !== event);
}
