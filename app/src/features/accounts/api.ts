import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { TransactionFilters } from "./filters";

/** SPEC §3 "Bank account". */
export interface BankAccount {
  id: string;
  currency: string;
  status: string;
  isPrimary: boolean;
  balance: { available: number; booked: number };
  iban: string;
  ukSortCode: string | null;
  ukAccountNumber: string | null;
  bic: string;
  bankName: string;
  name: string;
  alias: string | null;
}

export interface Party {
  name: string;
  type?: string | null;
  account?: string | null;
}

export interface Acceptor {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  categories: string[];
  co2emissions: number | null;
  logoUri: string | null;
}

/** SPEC §3 "Transaction". */
export interface Transaction {
  id: string;
  bankAccountId: string;
  amount: number;
  amountTotal: number;
  fee: number;
  type: string;
  status: string;
  scheme: string | null;
  currency: string;
  conversionCurrency: string | null;
  conversionAmountTotal: number | null;
  details: string;
  receiver: Party | null;
  sender: Party | null;
  acceptor: Acceptor | null;
  balanceAfter: number | null;
  createdAt: string;
}

export interface TransactionPage {
  results: Transaction[];
  totalPages: number;
  totalResults: number;
  page: number;
}

/** SPEC §9: 50 transactions per page. */
export const PAGE_SIZE = 50;

export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: ["bank-accounts"],
    queryFn: () => api.post<{ results: BankAccount[] }>("/v2/bank-accounts/fetch", {}),
  });

export const transactionsQuery = (bankAccountId: string, filters: TransactionFilters) =>
  infiniteQueryOptions({
    queryKey: ["transactions", bankAccountId, filters],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.post<TransactionPage>("/v2/transactions/fetch", {
        page: pageParam,
        limit: PAGE_SIZE,
        bankAccountId,
        types: filters.types,
        dateFrom: filters.from || undefined,
        dateTo: filters.to || undefined,
        searchKeyword: filters.keyword || undefined,
      }),
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: ["transaction", id],
    queryFn: () => api.post<Transaction>("/v2/transactions/take", { id }),
  });

export const accountsApi = {
  open: (currency: string) => api.post<BankAccount>("/v2/bank-accounts", { currency }),
};

/** The document downloads of SPEC §7 (GET, cookie-authenticated, so plain links work too). */
export const documentUrls = {
  statement: (entId: string, createdFrom: string, createdTo: string, format: string) =>
    `/v2/documents/statement?entId=${encodeURIComponent(entId)}&createdFrom=${createdFrom}&createdTo=${createdTo}&format=${format}`,
  transactionProof: (id: string) => `/v2/documents/txn_proof?entId=${encodeURIComponent(id)}`,
  proofLetter: (accountId: string) => `/v2/documents/proof_letter?entId=${encodeURIComponent(accountId)}`,
};
