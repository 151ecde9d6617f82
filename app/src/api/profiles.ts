// The profiles a person belongs to and the invitations of a team: the shell (profile switcher), the
// log-in of an invited colleague and corporate cards use them beside the profiles feature.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, type Schemas } from "./client";
import * as S from "./schemas.gen";

export type Profile = Schemas["Profile"];

export const profilesQuery = () =>
  queryOptions({
    queryKey: ["profiles"],
    queryFn: () => api.post("/v2/account-profiles/fetch", undefined, S.ProfileList),
  });

/** SPEC §3 "Invitation". */
export type Invitation = Schemas["InvitationView"];
export type InviteBody = Schemas["InviteBody"];

export const invitationsApi = {
  invite: (body: InviteBody) => api.post("/v2/invitations", body, S.InvitationView),
  resend: (id: string) => api.post("/v2/invitations/resend", { id }, S.Resent),
  revoke: (id: string) => api.delete("/v2/invitations", { id }, S.InvitationView),
  /** By id, or by the emailed link's token (`id` empty). */
  accept: (id: string, token = "") => api.post("/v2/invitations/accept", { id, token }, S.InvitationView),
  decline: (id: string, token = "") => api.post("/v2/invitations/decline", { id, token }, S.InvitationView),
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
