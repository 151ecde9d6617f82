import { environmentManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExchangeQuote, QuoteAnswer, RateInput } from "./api";
import { RateFeed } from "./rateFeed";

const input = (amount: string): RateInput => ({
  fromAccount: "gbp",
  fromCurrency: "GBP",
  toAccount: "eur",
  toCurrency: "EUR",
  conversionType: "direct",
  amount,
});

const quote = (id: string, amount: string): ExchangeQuote => ({
  quoteId: id,
  fromAccount: "gbp",
  toAccount: "eur",
  fromCurrency: "GBP",
  toCurrency: "EUR",
  conversionType: "direct",
  fromAmount: amount,
  toAmount: "1.17",
  rate: "1.17633",
  isAvailable: true,
  expiresAt: null,
  ratesAsOf: "sandbox step 1",
});

/** A fake rate call that records every request and answers when told to. */
function fakeServer() {
  const calls: {
    input: RateInput;
    previous: string | null;
    signal: AbortSignal;
    answer: (q: QuoteAnswer) => void;
  }[] = [];
  const fetchQuote = (input: RateInput, previous: string | null, signal: AbortSignal) =>
    new Promise<QuoteAnswer>((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      calls.push({ input, previous, signal, answer: resolve });
    });
  return { calls, fetchQuote };
}

describe("the exchange rate feed", () => {
  let client: QueryClient;
  beforeEach(() => {
    // Vitest runs in Node, which TanStack Query takes for a server (no timers there): the feed
    // runs in the browser.
    environmentManager.setIsServer(() => false);
    vi.useFakeTimers();
    client = new QueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
    environmentManager.setIsServer(() => typeof window === "undefined");
  });

  it("asks 500 ms after the amount stops changing, once", async () => {
    const server = fakeServer();
    const feed = new RateFeed(client, server.fetchQuote, null);
    feed.subscribe(() => {});
    feed.set(input("1"));
    await vi.advanceTimersByTimeAsync(300);
    feed.set(input("10"));
    await vi.advanceTimersByTimeAsync(300);
    feed.set(input("100"));
    expect(feed.getSnapshot().waiting).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.map((c) => c.input.amount)).toEqual(["100"]);
    server.calls[0]?.answer(quote("q1", "100.00"));
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getSnapshot().waiting).toBe(false);
    expect(feed.getSnapshot().answer).toMatchObject({ quoteId: "q1" });
  });

  it("aborts the request in flight as soon as the input changes", async () => {
    const server = fakeServer();
    const feed = new RateFeed(client, server.fetchQuote, null);
    feed.subscribe(() => {});
    feed.set(input("100"));
    await vi.advanceTimersByTimeAsync(500);
    const first = server.calls[0];
    expect(first?.signal.aborted).toBe(false);
    feed.set(input("200"));
    await vi.advanceTimersByTimeAsync(0);
    expect(first?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.calls.map((c) => c.input.amount)).toEqual(["100", "200"]);
    server.calls[1]?.answer(quote("q2", "200.00"));
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getSnapshot().answer).toMatchObject({ quoteId: "q2", fromAmount: "200.00" });
  });

  it("asks again every 25 s, replacing the quote it shows, and counts down to it", async () => {
    const server = fakeServer();
    const feed = new RateFeed(client, server.fetchQuote, null);
    feed.subscribe(() => {});
    feed.set(input("100"));
    await vi.advanceTimersByTimeAsync(500);
    server.calls[0]?.answer(quote("q1", "100.00"));
    await vi.advanceTimersByTimeAsync(0);
    const shownAt = Date.now();
    expect(feed.getSnapshot().nextRefreshAt).toBe(shownAt + 25_000);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    // The new request names the quote it replaces, so the server withdraws it.
    expect(server.calls[1]?.previous).toBe("q1");
    server.calls[1]?.answer(quote("q2", "100.00"));
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.getSnapshot().answer).toMatchObject({ quoteId: "q2" });
    expect(feed.getSnapshot().nextRefreshAt).toBe(shownAt + 50_000);
  });

  it("keeps the quote while a conversion is being made", async () => {
    const server = fakeServer();
    const feed = new RateFeed(client, server.fetchQuote, null);
    feed.subscribe(() => {});
    feed.set(input("100"));
    await vi.advanceTimersByTimeAsync(500);
    server.calls[0]?.answer(quote("q1", "100.00"));
    await vi.advanceTimersByTimeAsync(0);
    feed.hold(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    feed.hold(false);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(server.calls).toHaveLength(2);
  });

  it("shows at once what the server render already answered, without asking again", async () => {
    const server = fakeServer();
    client.setQueryData(["exchange-rate", "gbp", "eur", "direct", "100"], quote("ssr", "100.00"));
    const feed = new RateFeed(client, server.fetchQuote, input("100"));
    expect(feed.getSnapshot()).toMatchObject({ waiting: false, answer: { quoteId: "ssr" } });
    feed.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(0);
  });

  it("clears the quote when the input is no longer complete", async () => {
    const server = fakeServer();
    const feed = new RateFeed(client, server.fetchQuote, null);
    feed.subscribe(() => {});
    feed.set(input("100"));
    await vi.advanceTimersByTimeAsync(500);
    server.calls[0]?.answer(quote("q1", "100.00"));
    await vi.advanceTimersByTimeAsync(0);
    feed.set(null);
    await vi.advanceTimersByTimeAsync(500);
    expect(feed.getSnapshot()).toMatchObject({ input: null, answer: null, waiting: false });
  });
});
