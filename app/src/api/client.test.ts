import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as v from "valibot";
import { ApiError, api, refusalOf, request } from "./client";
import * as S from "./schemas.gen";

const features = v.array(S.FeatureEntry);

type Reply = { status: number; body?: unknown };

function stubServer(replies: Record<string, Reply[]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: { method: string }) => {
      calls.push(`${init.method} ${path}`);
      const reply = replies[path]?.shift() ?? { status: 404, body: { message: "missing" } };
      return {
        status: reply.status,
        text: async () => (reply.body === undefined ? "" : JSON.stringify(reply.body)),
      };
    }),
  );
  return calls;
}

describe("the API client's 401 rule", () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal("window", { location: { assign } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it("refreshes once and retries the request once", async () => {
    const calls = stubServer({
      "/v1/features": [{ status: 401 }, { status: 200, body: [{ name: "referrals", state: "on" }] }],
      "/v2/auth/login": [{ status: 200, body: {} }],
    });
    await expect(api.get("/v1/features", features)).resolves.toEqual([{ name: "referrals", state: "on" }]);
    expect(calls).toEqual(["GET /v1/features", "POST /v2/auth/login", "GET /v1/features"]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("logs out to the login page when the refresh fails", async () => {
    const calls = stubServer({ "/v1/features": [{ status: 401 }], "/v2/auth/login": [{ status: 401 }] });
    await expect(api.get("/v1/features", features)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(["GET /v1/features", "POST /v2/auth/login"]);
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("shares one refresh between concurrent 401s", async () => {
    const calls = stubServer({
      "/v1/a": [{ status: 401 }, { status: 200, body: 1 }],
      "/v1/b": [{ status: 401 }, { status: 200, body: 2 }],
      "/v2/auth/login": [{ status: 200, body: {} }],
    });
    await expect(Promise.all([request("GET", "/v1/a"), request("GET", "/v1/b")])).resolves.toEqual([1, 2]);
    expect(calls.filter((c) => c === "POST /v2/auth/login")).toHaveLength(1);
  });

  it("shows a log-in 401 as an answer, without refreshing", async () => {
    const calls = stubServer({
      "/v2/auth/login": [
        { status: 401, body: { code: "invalid_credentials", message: "Incorrect email or password" } },
      ],
    });
    await expect(
      api.post("/v2/auth/login", { email: "a@b.co", password: "x" }, S.LoginReply),
    ).rejects.toMatchObject({
      status: 401,
      message: "Incorrect email or password",
    });
    expect(calls).toEqual(["POST /v2/auth/login"]);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("answers are checked against the contract at the edge", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("passes an answer of the promised shape", async () => {
    stubServer({ "/v1/features": [{ status: 200, body: [{ name: "referrals", state: "on" }] }] });
    await expect(api.get("/v1/features", features)).resolves.toEqual([{ name: "referrals", state: "on" }]);
  });

  it("refuses an answer that breaks its type, instead of handing it on", async () => {
    stubServer({ "/v1/features": [{ status: 200, body: [{ name: "referrals", state: "maybe" }] }] });
    await expect(api.get("/v1/features", features)).rejects.toMatchObject({
      status: 502,
      code: "unexpected_answer",
    });
  });

  it("takes a server render's answers as the rendering server gave them", async () => {
    // The bank's own in-process answers (see `checked`): checked by the contract tests, not again
    // in every render.
    vi.stubGlobal("__ssrTransport", async () => ({
      status: 200,
      body: JSON.stringify([{ name: "referrals", state: "maybe" }]),
    }));
    await expect(api.get("/v1/features", features)).resolves.toEqual([{ name: "referrals", state: "maybe" }]);
  });

  it("reads a refusal's SPEC §8 body, and survives one that is not", async () => {
    stubServer({
      "/v2/auth/logout": [
        { status: 403, body: { code: "forbidden", title: "Not allowed", message: "No", fields: null } },
        { status: 502, body: "<html>gateway</html>" },
      ],
    });
    await expect(api.post("/v2/auth/logout", undefined, S.Empty)).rejects.toMatchObject({
      status: 403,
      code: "forbidden",
      message: "No",
    });
    await expect(api.post("/v2/auth/logout", undefined, S.Empty)).rejects.toMatchObject({
      status: 502,
      message: "Something went wrong",
    });
  });
});

describe("refusalOf: what a form shows for a failed call", () => {
  it("puts field errors beneath the fields and nothing above", () => {
    const caught = new ApiError(422, {
      code: "invalid",
      message: "Check the form",
      fields: { name: "Too long" },
    });
    expect(refusalOf(caught)).toEqual({ fields: { name: "Too long" }, message: null });
  });
  it("shows a refusal's own message, and only a generic one for a failure", () => {
    expect(refusalOf(new ApiError(409, { message: "Already done" }))).toEqual({
      fields: {},
      message: "Already done",
    });
    expect(refusalOf(new ApiError(500, { message: "stack trace" })).message).toBe("Something went wrong");
    expect(refusalOf(new TypeError("network")).message).toBe("Something went wrong");
  });
  it("marks the email of an invitation to someone already registered (SPEC §8)", () => {
    const taken = new ApiError(409, {
      code: "email_taken_already",
      message: "This email is already registered",
    });
    expect(refusalOf(taken)).toEqual({
      fields: { email: "This email is already registered" },
      message: null,
    });
  });
});
