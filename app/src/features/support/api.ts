// Support's calls (SPEC §7 POST /v1/utils/contact-form; issue 31).
import { api, type BodyOf } from "../../api/client";
import { Success } from "../../api/schemas.gen";

export type ContactBody = BodyOf<"/v1/utils/contact-form", "post">;

export const supportApi = {
  contact: (body: ContactBody) => api.post("/v1/utils/contact-form", body, Success),
};
