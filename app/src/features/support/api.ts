// Support's calls (SPEC §7 POST /v1/utils/contact-form; the leads page's call-back request; the
// support chat; issue 31).
import { queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type Schemas } from "../../api/client";
import { Success } from "../../api/schemas.gen";
import * as F from "../../api/schemas-support.gen";

export type ContactBody = BodyOf<"/v1/utils/contact-form", "post">;
export type CallBackBody = BodyOf<"/v1/utils/call-back", "post">;

export const supportApi = {
  contact: (body: ContactBody) => api.post("/v1/utils/contact-form", body, Success),
  callBack: (body: CallBackBody) => api.post("/v1/utils/call-back", body, Success),
};

export type ChatLine = Schemas["ChatLineView"];

/** The support chat (SPEC §1 chatWidget): asked every 10 s while open, every minute for the
 * unread count while closed. */
export const chatQuery = (open: boolean) =>
  queryOptions({
    queryKey: ["support", "chat", open],
    queryFn: () => api.post("/v2/support/chat/fetch", { open }, F.ChatConversation),
    refetchInterval: open ? 10_000 : 60_000,
    staleTime: 0,
  });

export const chatApi = {
  /** `clientId` names the line: sent again after a lost answer, it is kept once. */
  say: (clientId: string, text: string) => api.post("/v2/support/chat", { clientId, text }, F.ChatLineView),
};
