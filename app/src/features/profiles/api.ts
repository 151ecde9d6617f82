import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";

export const profilesApi = {
  create: (type: Schemas["ProfileType"]) => api.post("/v2/account-profiles", { type }, S.KycStatusReply),
};

/** SPEC §3 "Team member" and the calls of SPEC §7 Profiles users. */
export type TeamMember = Schemas["TeamMember"];
export type AccessChange = Schemas["AccessChange"];

export const teamQuery = () =>
  queryOptions({
    queryKey: ["team"],
    queryFn: () => api.post("/v2/account-profiles/users/fetch", undefined, S.TeamList),
  });

export const teamApi = {
  change: (change: AccessChange) => api.patch("/v2/account-profiles/users/access", change, S.TeamMember),
  remove: (id: string) => api.delete("/v2/account-profiles/users/access", { id }, S.Removed),
};

/** SPEC §7 Invitations: the occupations a custom role may name. */
export const occupationsQuery = () =>
  queryOptions({
    queryKey: ["occupations"],
    queryFn: () => api.get("/v2/users/occupations", v.array(S.Occupation)),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The invitations the signed-in person received (the active-invitation modal shows the first). */
export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: ["invitations", "invitee"],
    queryFn: () => api.post("/v2/invitations/fetch", { side: "invitee" }, S.InvitationList),
  });

export {
  type Invitation,
  type InviteBody,
  type Profile,
  invitationLinkQuery,
  invitationsApi,
  profilesQuery,
} from "../../api/profiles";
