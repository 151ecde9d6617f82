// One transaction by id: its page in accounts, and the result of a transfer or an exchange.
import { queryOptions } from "@tanstack/react-query";
import * as S from "./schemas.gen";
import { api } from "./client";

export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: ["transaction", id],
    queryFn: () => api.post("/v2/transactions/take", { id }, S.TransactionView),
  });
