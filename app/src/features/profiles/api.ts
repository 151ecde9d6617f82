import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../api/client";
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
