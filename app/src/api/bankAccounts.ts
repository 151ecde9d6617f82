// The profile's bank accounts: the accounts feature shows them, payments picks from them.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import * as S from "./schemas.gen";

export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: ["bank-accounts"],
    queryFn: () => api.post("/v2/bank-accounts/fetch", undefined, S.BankAccountList),
  });
