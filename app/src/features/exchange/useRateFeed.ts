import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { fetchQuote, type RateInput } from "./api";
import { type FeedState, RateFeed } from "./rateFeed";

/** The live quote for `input` (SPEC §4 Exchange timing), and the feed to hold it. */
export function useRateFeed(input: RateInput | null): [FeedState, RateFeed] {
  const client = useQueryClient();
  const [feed] = useState(() => new RateFeed(client, fetchQuote, input));
  useEffect(() => {
    feed.set(input);
  }, [feed, input]);
  return [useSyncExternalStore(feed.subscribe, feed.getSnapshot, feed.getSnapshot), feed];
}

/** Seconds until `at`, ticking each second; the full period before the page is live. */
export function useCountdown(at: number | null, period: number): number {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  if (at === null || now === null) return Math.round(period / 1000);
  return Math.min(Math.round(period / 1000), Math.max(0, Math.ceil((at - now) / 1000)));
}
