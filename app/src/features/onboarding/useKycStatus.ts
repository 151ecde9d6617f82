import { useQuery } from "@tanstack/react-query";
import { kycStatusQuery } from "./api";
import { kycPollInterval } from "./controller";

/**
 * The KYC status to route on (SPEC §4: refetched every 10 s until loaded, then polled every
 * 15 s). A status a finished step has invalidated is stale until fetched again: routing on it
 * would send the person back to the step they just did, so it counts as not loaded yet.
 */
export function useKycStatus() {
  const kyc = useQuery({
    ...kycStatusQuery(),
    refetchInterval: (query) => kycPollInterval(query.state.data !== undefined),
  });
  const usable = kyc.data !== undefined && (!kyc.isStale || kyc.isError);
  return {
    status: usable ? kyc.data : undefined,
    // SPEC §8: a failed KYC fetch sets the error flag only if it never loaded.
    failed: kyc.isError && kyc.data === undefined,
  };
}
