import * as v from "valibot";
import type { components, paths } from "./schema.gen";
import { ErrorBody } from "./schemas.gen";

// The typed API client. Two transports (DESIGN.md §2): `fetch` in the browser, and inside the
// server's V8 isolate the host call that dispatches into the same axum router in-process.

export interface TransportRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: string;
  /** Aborts the call in the browser (TanStack Query's signal); the server render ignores it. */
  signal?: AbortSignal;
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
    body: Partial<{ code: string; title: string; message: string; fields: Record<string, string> | null }>,
  ) {
    super(body.message ?? "Something went wrong");
    this.status = status;
    this.code = body.code ?? "unknown";
    this.title = body.title ?? "Something went wrong";
    this.fields = body.fields ?? {};
  }
}

/** The one line a failed call shows: a refusal's own message (SPEC §8), else "Something went wrong". */
export function failureText(caught: unknown): string {
  return caught instanceof ApiError && caught.status < 500 ? caught.message : "Something went wrong";
}

/**
 * What a form shows for a failed call: the server's field errors beneath the fields, or one line
 * (`failureText`). SPEC §8: email_taken_already marks the email field of an invitation.
 */
export function refusalOf(caught: unknown): { fields: Record<string, string>; message: string | null } {
  if (!(caught instanceof ApiError) || caught.status >= 500)
    return { fields: {}, message: failureText(caught) };
  if (caught.code === "email_taken_already") return { fields: { email: caught.message }, message: null };
  return { fields: caught.fields, message: Object.keys(caught.fields).length ? null : caught.message };
}

const browserTransport: Transport = async ({ method, path, body, signal }) => {
  const response = await fetch(path, {
    method,
    body,
    signal: signal ?? null,
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
    // The host answers "<status> <body>", the body as the API wrote it.
    return async ({ signal: _signal, ...request }) => {
      const answer = await hostFetch(JSON.stringify(request));
      const space = answer.indexOf(" ");
      return { status: Number(answer.slice(0, space)), body: answer.slice(space + 1) };
    };
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

type ErrorShape = { code?: unknown } | null;

/** Sends one call and answers its parsed JSON body, or throws an `ApiError` (SPEC §8). */
export async function request(
  method: TransportRequest["method"],
  path: string,
  payload?: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const send = transport();
  const call = {
    method,
    path,
    body: payload === undefined ? undefined : JSON.stringify(payload),
    ...(signal ? { signal } : {}),
  };
  let response = await send(call);
  // The back office's session is its own (issue 32): no customer refresh, its own log-in.
  if (path.startsWith("/back-office/api/") && send === browserTransport) {
    // A refused passkey at log-in or enrolment is an answer to show, not an ended session.
    const signingIn =
      path.startsWith("/back-office/api/log-in") || path.startsWith("/back-office/api/enrolment");
    if (response.status === 401 && !signingIn) {
      window.location.assign("/back-office/login");
    }
  } else if (
    // In the browser only: the server render never refreshes on the customer's behalf.
    response.status === 401 &&
    send === browserTransport &&
    !NO_REFRESH.some((p) => path.startsWith(p))
  ) {
    if (await refreshSession()) {
      response = await send(call);
    }
    if (response.status === 401) {
      window.location.assign("/login");
    }
  }
  const parsed: unknown = response.body === "" ? null : JSON.parse(response.body);
  // SPEC §1 maintenance began while the page was open: the page itself becomes the
  // maintenance screen (served by the bank, with no script, so this cannot repeat).
  if (
    response.status === 503 &&
    send === browserTransport &&
    (parsed as ErrorShape)?.code === "maintenance"
  ) {
    window.location.reload();
  }
  if (response.status >= 400) {
    // Whatever of SPEC §8's fields the refusal carries (a proxy's error page carries none).
    const body = v.safeParse(v.partial(ErrorBody), parsed);
    throw new ApiError(response.status, body.success ? body.output : {});
  }
  return parsed;
}

// The contract (schema.gen.ts, generated from the server's OpenAPI document) types every call:
// its path, its JSON body and its answer.
type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;

/** The paths that have a call of this method. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends undefined ? never : P;
}[keyof paths];

export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: infer R } ? Json<R> : undefined;

export type AnswerOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: infer S }
      ? Json<S>
      : R extends { 201: infer S }
        ? Json<S>
        : never
    : never;

/** The query string a call takes, as its contract names it. */
type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never;

/**
 * A valibot schema of the answer (from schemas.gen.ts). The answer is checked against it at
 * this edge: what reaches the app has the shape its type promises, or the call fails.
 */
export type AnswerSchema<T> = v.GenericSchema<unknown, T>;

async function checked<T>(schema: AnswerSchema<T>, answer: Promise<unknown>): Promise<T> {
  // A server render's answers come from the server that renders (the bank runs its own API calls
  // in process; its answers' types and these schemas are generated from one OpenAPI document, and
  // the contract tests hold the server to it): checking them again cost a signed-in page 6-11 % of
  // its CPU. The browser, which may meet another build of the server or a proxy, always checks.
  if (__SERVER__ && transport() !== browserTransport) return (await answer) as T;
  const result = v.safeParse(schema, await answer);
  if (!result.success) {
    throw new ApiError(502, {
      code: "unexpected_answer",
      title: "Something went wrong",
      message: "Something went wrong",
    });
  }
  return result.output;
}

function withQuery(path: string, query: Record<string, string | undefined> | undefined): string {
  const pairs = Object.entries(query ?? {}).filter((pair): pair is [string, string] => pair[1] !== undefined);
  // By hand: the server render's V8 has no URLSearchParams.
  const encoded = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return pairs.length === 0 ? path : `${path}?${encoded.join("&")}`;
}

export const api = {
  get: <P extends PathOf<"get">>(
    path: P,
    schema: AnswerSchema<AnswerOf<P, "get">>,
    query?: QueryOf<P, "get">,
  ) => checked(schema, request("GET", withQuery(path, query as Record<string, string>))),
  post: <P extends PathOf<"post">>(
    path: P,
    body: BodyOf<P, "post">,
    schema: AnswerSchema<AnswerOf<P, "post">>,
    query?: QueryOf<P, "post">,
    signal?: AbortSignal,
  ) => checked(schema, request("POST", withQuery(path, query as Record<string, string>), body ?? {}, signal)),
  put: <P extends PathOf<"put">>(path: P, body: BodyOf<P, "put">, schema: AnswerSchema<AnswerOf<P, "put">>) =>
    checked(schema, request("PUT", path, body)),
  patch: <P extends PathOf<"patch">>(
    path: P,
    body: BodyOf<P, "patch">,
    schema: AnswerSchema<AnswerOf<P, "patch">>,
  ) => checked(schema, request("PATCH", path, body ?? {})),
  delete: <P extends PathOf<"delete">>(
    path: P,
    body: BodyOf<P, "delete">,
    schema: AnswerSchema<AnswerOf<P, "delete">>,
  ) => checked(schema, request("DELETE", path, body)),
};

/** The contract's named types, for the features that show them. */
export type Schemas = components["schemas"];
