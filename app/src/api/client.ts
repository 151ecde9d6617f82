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

// SPEC §8: a 401 from these is an answer to show, not an expired session.
const NO_REFRESH = [
  "/v2/auth/login",
  "/v2/auth/mfa/login",
  "/v2/auth/logout",
  "/v1/auth/forgot-password",
  "/v1/auth/reset-password",
];

// Concurrent 401s share one refresh, so a rotated refresh token is never presented twice.
let refreshing: Promise<boolean> | null = null;

export function refreshSession(): Promise<boolean> {
  refreshing ??= browserTransport({ method: "POST", path: "/v2/auth/login", body: "{}" })
    .then((response) => response.status < 400)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function request<T>(
  method: TransportRequest["method"],
  path: string,
  payload?: unknown,
): Promise<T> {
  const send = transport();
  const call = { method, path, body: payload === undefined ? undefined : JSON.stringify(payload) };
  let response = await send(call);
  // In the browser only: the server render never refreshes on the customer's behalf.
  if (response.status === 401 && send === browserTransport && !NO_REFRESH.some((p) => path.startsWith(p))) {
    if (await refreshSession()) {
      response = await send(call);
    }
    if (response.status === 401) {
      window.location.assign("/login");
    }
  }
  const parsed: unknown = response.body === "" ? null : JSON.parse(response.body);
  if (response.status >= 400) throw new ApiError(response.status, (parsed ?? {}) as Record<string, never>);
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>("GET", path),
  post: <T>(path: string, payload: unknown) => request<T>("POST", path, payload),
  patch: <T>(path: string, payload: unknown) => request<T>("PATCH", path, payload),
  delete: <T>(path: string, payload: unknown) => request<T>("DELETE", path, payload),
};
