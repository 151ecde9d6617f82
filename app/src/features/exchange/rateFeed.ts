// SPEC §4/§9 Exchange: the rate is asked for 500 ms after the input stops changing, asked again
// every 25 s, and a request in flight is aborted as soon as the input changes (TanStack Query
// cancels the query, which aborts the request through its signal). A small external store the
// screen subscribes to, so the timing can be tested without a browser.
import { QueryObserver, type QueryClient } from "@tanstack/react-query";
import { type QuoteAnswer, type RateInput, isProblem, rateKey } from "./api";

export const DEBOUNCE_MS = 500;
export const REFRESH_MS = 25_000;

export type FetchQuote = (
  input: RateInput,
  previous: string | null,
  signal: AbortSignal,
) => Promise<QuoteAnswer>;

export interface FeedState {
  /** The input the answer below is for. */
  input: RateInput | null;
  answer: QuoteAnswer | null;
  /** Typing, or a request in flight: SPEC §5 'Please, wait for rate result'. */
  waiting: boolean;
  /** When the rate is asked for again (ms since the epoch), while an answer is shown. */
  nextRefreshAt: number | null;
  /** The request failed without an answer (the network, say). */
  failed: boolean;
}

const same = (a: RateInput | null, b: RateInput | null) =>
  JSON.stringify(a && rateKey(a)) === JSON.stringify(b && rateKey(b));

export class RateFeed {
  private readonly client: QueryClient;
  private readonly fetchQuote: FetchQuote;
  private readonly refreshMs: number;
  private readonly debounceMs: number;
  private observer: QueryObserver<QuoteAnswer, Error, QuoteAnswer, QuoteAnswer, readonly unknown[]> | null =
    null;
  private unobserve: (() => void) | null = null;
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private input: RateInput | null;
  private pending: RateInput | null = null;
  private held = false;
  private lastQuoteId: string | null = null;
  private state: FeedState;

  constructor(
    client: QueryClient,
    fetchQuote: FetchQuote,
    initial: RateInput | null,
    { debounceMs = DEBOUNCE_MS, refreshMs = REFRESH_MS } = {},
  ) {
    this.client = client;
    this.fetchQuote = fetchQuote;
    this.debounceMs = debounceMs;
    this.refreshMs = refreshMs;
    // The page's first input (from the address) is asked for at once: a server render may
    // already have answered it.
    this.input = initial;
    if (initial) this.observer = new QueryObserver(client, this.options(initial));
    this.state = this.compute();
  }

  private options(input: RateInput) {
    return {
      queryKey: rateKey(input) as readonly unknown[],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await this.fetchQuote(input, this.lastQuoteId, signal);
        if (!isProblem(answer) && answer.quoteId) this.lastQuoteId = answer.quoteId;
        return answer;
      },
      staleTime: this.refreshMs,
      gcTime: this.refreshMs * 2,
      refetchInterval: () => (this.held ? false : this.refreshMs),
      refetchIntervalInBackground: true,
      retry: false,
    };
  }

  /** The input changed: abort what is in flight, then ask once typing has paused. */
  set(input: RateInput | null): void {
    const current = this.pending ?? this.input;
    if (same(current, input)) return;
    if (this.input) void this.client.cancelQueries({ queryKey: rateKey(this.input), exact: true });
    if (this.timer) clearTimeout(this.timer);
    this.pending = input;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pending = null;
      this.observe(input);
    }, this.debounceMs);
    this.update();
  }

  /** While a conversion is being made, the quote is not replaced. */
  hold(held: boolean): void {
    this.held = held;
    if (this.observer && this.input) this.observer.setOptions(this.options(this.input));
  }

  private observe(input: RateInput | null): void {
    this.input = input;
    if (!input) {
      this.unobserve?.();
      this.unobserve = null;
      this.observer = null;
    } else if (this.observer) {
      this.observer.setOptions(this.options(input));
    } else {
      this.observer = new QueryObserver(this.client, this.options(input));
      if (this.listeners.size) this.unobserve = this.observer.subscribe(() => this.update());
    }
    // The same input again after a cancelled first request: nothing would ask for it otherwise.
    const result = this.observer?.getCurrentResult();
    if (this.unobserve && result && !result.data && result.fetchStatus === "idle")
      void this.observer?.refetch();
    this.update();
  }

  private compute(): FeedState {
    const result = this.observer?.getCurrentResult();
    const answer = result?.data ?? null;
    const typing = this.pending !== null || this.timer !== null;
    return {
      input: this.input,
      answer: typing ? null : answer,
      waiting: typing || Boolean(this.input && (!answer || result?.isFetching)),
      nextRefreshAt: answer && !typing && result ? result.dataUpdatedAt + this.refreshMs : null,
      failed: Boolean(result?.isError && !answer),
    };
  }

  private update(): void {
    const next = this.compute();
    if (JSON.stringify(next) === JSON.stringify(this.state)) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.observer && !this.unobserve) this.unobserve = this.observer.subscribe(() => this.update());
    this.update();
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) {
        this.unobserve?.();
        this.unobserve = null;
      }
    };
  };

  getSnapshot = (): FeedState => this.state;
}
