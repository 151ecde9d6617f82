import { infiniteQueryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";
import type { TransactionFilters } from "./filters";

/** SPEC §3 "Bank account". */
export type BankAccount = Schemas["BankAccountView"];
export type Party = Schemas["Party"];
export type Acceptor = Schemas["Acceptor"];
/** SPEC §3 "Transaction". */
export type Transaction = Schemas["TransactionView"];
export type TransactionPage = Schemas["TransactionPage"];

/** SPEC §9: 50 transactions per page. */
export const PAGE_SIZE = 50;

export { bankAccountsQuery } from "../../api/bankAccounts";

export const transactionsQuery = (bankAccountId: string, filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: ["transactions", bankAccountId, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.post(
        "/v2/transactions/fetch",
        {
          page: pageParam,
          limit: PAGE_SIZE,
          bankAccountId,
          types: filters.types,
          dateFrom: filters.from || undefined,
          dateTo: filters.to || undefined,
          searchKeyword: filters.keyword || undefined,
        },
        S.TransactionPage,
      ),
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

export { transactionQuery } from "../../api/transactions";

export const accountsApi = {
  open: (currency: Schemas["Currency"]) => api.post("/v2/bank-accounts", { currency }, S.BankAccountView),
};

/** The document downloads of SPEC §7 (GET, cookie-authenticated, so plain links work too). */
export const documentUrls = {
  statement: (entId: string, createdFrom: string, createdTo: string, format: string) =>
    `/v2/documents/statement?entId=${encodeURIComponent(entId)}&createdFrom=${createdFrom}&createdTo=${createdTo}&format=${format}`,
  transactionProof: (id: string) => `/v2/documents/txn_proof?entId=${encodeURIComponent(id)}`,
  proofLetter: (accountId: string) => `/v2/documents/proof_letter?entId=${encodeURIComponent(accountId)}`,
};
