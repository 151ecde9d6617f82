// Card acceptance's calls (SPEC §7 Merchant; issue 30), apart from the loans' so each page
// carries only its own.
import { queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type Schemas } from "../../api/client";
import * as S from "../../api/schemas-merchant.gen";
import { Turnover } from "../../api/schemas.gen";

export type MerchantApplication = Schemas["MerchantApplicationView"];
export type MerchantForm = Schemas["MerchantForm"];
export type MerchantBody = BodyOf<"/v2/merchant-applications", "post">;

export const merchantQuery = () =>
  queryOptions({
    queryKey: ["merchant-application"],
    queryFn: () => api.post("/v2/merchant-applications/fetch", undefined, S.MerchantApplications),
  });

export const turnoverQuery = () =>
  queryOptions({
    queryKey: ["turnover-options"],
    queryFn: () => api.get("/v1/utils/turnover", Turnover),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const merchantApi = {
  apply: (body: MerchantBody) => api.post("/v2/merchant-applications", body, S.MerchantApplicationView),
};
