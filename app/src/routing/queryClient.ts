import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";

const MINUTE = 60_000;

/** SPEC §9: stale after 30 minutes, no refetch on focus; SPEC §8: retry only on 429, 4 times, 3 s apart. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * MINUTE,
        refetchOnWindowFocus: false,
        retry: (failures, error) => error instanceof ApiError && error.status === 429 && failures < 4,
        retryDelay: 3000,
      },
    },
  });
}
