// The account referral programme's calls (SPEC §7 POST /v2/users/referrals, the invites both
// verbs; issue 31).
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import { Success } from "../../api/schemas.gen";
import * as U from "../../api/schemas.gen";

export const referralProgrammeQuery = () =>
  queryOptions({
    queryKey: ["referrals", "programme"],
    queryFn: () => api.post("/v2/users/referrals", undefined, U.ReferralProgramme),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** SPEC §9: page 1, limit 100. */
export const referralInvitesQuery = () =>
  queryOptions({
    queryKey: ["referrals", "invites"],
    queryFn: () => api.get("/v2/users/referrals/invites", U.InvitePage, { page: 1, limit: 100 }),
  });

export const referralsApi = {
  invite: (email: string) => api.post("/v2/users/referrals/invites", { email }, Success),
};

/** SPEC §3 referral states, as the person who invited reads them. */
export const INVITE_LABELS: Record<"pending" | "active" | "rewarded", string> = {
  pending: "Invited",
  active: "Account ready: reward on its way",
  rewarded: "Rewarded",
};
