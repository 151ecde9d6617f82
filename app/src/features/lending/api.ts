// Finance's calls (SPEC §7 Loans; issue 30).
import { queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type Schemas } from "../../api/client";
import * as S from "../../api/schemas-lending.gen";

export type LoanApplication = Schemas["LoanApplicationView"];
export type LoanApplications = Schemas["LoanApplications"];
export type LoanBody = BodyOf<"/v2/loan-applications", "post">;
export type Shared = Schemas["Shared"];

export const loanApplicationsQuery = (type: "business" | "factoring" = "business") =>
  queryOptions({
    queryKey: ["loan-applications", type],
    queryFn: () => api.post("/v2/loan-applications/fetch", { type }, S.LoanApplications),
  });

/** The invoices the business may offer for factoring now. */
export const factoringInvoicesQuery = () =>
  queryOptions({
    queryKey: ["factoring-invoices"],
    queryFn: () => api.post("/v2/factoring/invoices/fetch", undefined, S.FactoringInvoices),
  });

export const lendingApi = {
  apply: (body: LoanBody) => api.post("/v2/loan-applications", body, S.LoanApplicationView),
};
