import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { ApiError, api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";

export type Profile = Schemas["Profile"];

export const profilesQuery = () =>
  queryOptions({
    queryKey: ["profiles"],
    queryFn: () => api.post("/v2/account-profiles/fetch", undefined, S.ProfileList),
  });

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

/** SPEC §3 "Invitation" and the calls of SPEC §7 Invitations. */
export type Invitation = Schemas["InvitationView"];
export type InviteBody = Schemas["InviteBody"];

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

export const invitationsApi = {
  invite: (body: InviteBody) => api.post("/v2/invitations", body, S.InvitationView),
  resend: (id: string) => api.post("/v2/invitations/resend", { id }, S.Resent),
  revoke: (id: string) => api.delete("/v2/invitations", { id }, S.InvitationView),
  accept: (id: string) => api.post("/v2/invitations/accept", { id }, S.InvitationView),
  decline: (id: string) => api.post("/v2/invitations/decline", { id }, S.InvitationView),
};

/** What an invitation link opens (POST /v2/invitations/verify); refusals come back as answers. */
export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation-link", token],
    queryFn: async (): Promise<{ invitation: Invitation } | { problem: string }> => {
      try {
        return { invitation: await api.post("/v2/invitations/verify", { token }, S.InvitationView) };
      } catch (caught) {
        if (caught instanceof ApiError && caught.status < 500) return { problem: caught.message };
        throw caught;
      }
    },
  });
