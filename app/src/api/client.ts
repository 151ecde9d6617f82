// The typed API client. Two transports (DESIGN.md §2): `fetch` in the browser, and inside the
// server's V8 isolate the host call that dispatches into the same axum router in-process.

export interface TransportRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: string;
}

export interface TransportResponse {
  status: number;
  body: string;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** SPEC §8: server error bodies carry code, title and message; field errors add `fields`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    body: Partial<{ code: string; title: string; message: string; fields: Record<string, string> }>,
  ) {
    super(body.message ?? "Something went wrong");
    this.status = status;
    this.code = body.code ?? "unknown";
    this.title = body.title ?? "Something went wrong";
    this.fields = body.fields ?? {};
  }
}

const browserTransport: Transport = async ({ method, path, body }) => {
  const response = await fetch(path, {
    method,
    body,
    credentials: "same-origin",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
  });
  return { status: response.status, body: await response.text() };
};

interface HostGlobals {
  __hostFetch?: (request: string) => Promise<string>;
  __ssrTransport?: Transport;
}

/** Chosen per call, not cached: the host transport carries the caller of the current render. */
function transport(): Transport {
  const host = globalThis as HostGlobals;
  if (host.__ssrTransport) return host.__ssrTransport;
  const hostFetch = host.__hostFetch;
  if (hostFetch) {
    return async (request) => JSON.parse(await hostFetch(JSON.stringify(request))) as TransportResponse;
  }
  return browserTransport;
}

export async function request<T>(
  method: TransportRequest["method"],
  path: string,
  payload?: unknown,
): Promise<T> {
  const response = await transport()({
    method,
    path,
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const parsed: unknown = response.body === "" ? null : JSON.parse(response.body);
  if (response.status >= 400) throw new ApiError(response.status, (parsed ?? {}) as Record<string, never>);
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, payload: unknown) => request<T>("POST", path, payload),
};
