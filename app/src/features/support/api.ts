// Support's calls (SPEC §7 POST /v1/utils/contact-form; the leads page's call-back request; issue 31).
import { api, type BodyOf } from "../../api/client";
import { Success } from "../../api/schemas.gen";

export type ContactBody = BodyOf<"/v1/utils/contact-form", "post">;
export type CallBackBody = BodyOf<"/v1/utils/call-back", "post">;

export const supportApi = {
  contact: (body: ContactBody) => api.post("/v1/utils/contact-form", body, Success),
  callBack: (body: CallBackBody) => api.post("/v1/utils/call-back", body, Success),
};
