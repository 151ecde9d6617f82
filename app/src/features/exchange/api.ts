import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, type Schemas } from "../../api/client";
import * as F from "../../api/schemas-exchange.gen";

/** SPEC §3 "Exchange quote", as the server answers it. */
export type ExchangeQuote = Schemas["ExchangeQuote"];
export type ExchangeResult = Schemas["ExchangeResult"];
export type ConversionType = Schemas["ConversionType"];
export type Currency = Schemas["Currency"];

/** What a quote is asked for (SPEC §7 Exchange rate call, without the quote it replaces). */
export interface RateInput {
  fromAccount: string;
  fromCurrency: Currency;
  toAccount: string;
  toCurrency: Currency;
  conversionType: ConversionType;
  /** The canonical decimal string. */
  amount: string;
}

/** A refusal of the server, kept as data so that it survives the server render's dehydration. */
export interface QuoteProblem {
  problem: true;
  status: number;
  code: string;
  title: string;
  message: string;
  fields: Record<string, string>;
}

export type QuoteAnswer = ExchangeQuote | QuoteProblem;

export function isProblem(answer: QuoteAnswer | undefined | null): answer is QuoteProblem {
  return Boolean(answer && "problem" in answer);
}

export const rateKey = (input: RateInput) =>
  ["exchange-rate", input.fromAccount, input.toAccount, input.conversionType, input.amount] as const;

/** Asks for a quote; `previous` is the quote it replaces (withdrawn by the server). */
export async function fetchQuote(
  input: RateInput,
  previous: string | null,
  signal?: AbortSignal,
): Promise<QuoteAnswer> {
  try {
    return await api.post(
      "/v1/bank/currency-exchange/rate",
      { ...input, quoteId: previous },
      F.ExchangeQuote,
      undefined,
      signal,
    );
  } catch (caught) {
    if (!(caught instanceof ApiError) || (caught.status >= 500 && caught.code !== "rate_unavailable"))
      throw caught;
    return {
      problem: true,
      status: caught.status,
      code: caught.code,
      title: caught.title,
      message: caught.message,
      fields: caught.fields,
    };
  }
}

/** The quote a server render loads for a page opened with the select step's query. */
export const rateQuery = (input: RateInput) =>
  queryOptions({
    queryKey: rateKey(input),
    queryFn: ({ signal }) => fetchQuote(input, null, signal),
  });

export const exchangeApi = {
  convert: (id: string, quoteId: string) =>
    api.post("/v1/bank/currency-exchange", { id, quoteId }, F.ExchangeResult),
};
