import { queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";

/** SPEC §3 "Recipient". */
export type Recipient = Schemas["RecipientView"];
export type RecipientBody = BodyOf<"/v2/recipients", "put">;
export type Scheme = Schemas["Scheme"];

/** SPEC §7: recipients are fetched with limit 1000. */
export const recipientsQuery = () =>
  queryOptions({
    queryKey: ["recipients"],
    queryFn: () => api.post("/v2/recipients/fetch", { page: 1, limit: 1000, filters: {} }, S.RecipientPage),
  });

export const recipientsApi = {
  save: (body: RecipientBody) => api.put("/v2/recipients", body, S.Saved),
  remove: (id: string) => api.delete("/v2/recipients", { id }, S.Deleted),
  lookup: (iban: string) => api.post("/v2/banks/lookup", { iban }, S.BankMatch),
};
