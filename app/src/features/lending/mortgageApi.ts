// The mortgage's calls (issue 30 point 3): its draft and each part saved on its own;
// submitting is a loan application of type mortgage.
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas-lending.gen";

export type MortgageView = Schemas["MortgageView"];
export type MortgageBasic = Schemas["MortgageBasic"];
export type BusinessFinances = Schemas["BusinessFinances"];
export type PropertyFinances = Schemas["PropertyFinances"];
export type Holder = Schemas["Holder"];

export const mortgageQuery = () =>
  queryOptions({
    queryKey: ["mortgage"],
    queryFn: () => api.post("/v2/mortgage/fetch", undefined, S.MortgageView),
  });

export const mortgageApi = {
  saveBasic: (basic: MortgageBasic) => api.put("/v2/mortgage/basic", basic, S.MortgageView),
  saveBusiness: (finances: BusinessFinances) =>
    api.put("/v2/mortgage/business-finances", finances, S.MortgageView),
  saveProperty: (finances: PropertyFinances) =>
    api.put("/v2/mortgage/property-finances", finances, S.MortgageView),
  submit: (shareData: boolean) =>
    api.post("/v2/loan-applications", { type: "mortgage", shareData }, S.LoanApplicationView),
};
