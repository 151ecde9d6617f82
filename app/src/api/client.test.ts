import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./client";

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
    await expect(api.get("/v1/features")).resolves.toEqual([{ name: "referrals", state: "on" }]);
    expect(calls).toEqual(["GET /v1/features", "POST /v2/auth/login", "GET /v1/features"]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("logs out to the login page when the refresh fails", async () => {
    const calls = stubServer({ "/v1/features": [{ status: 401 }], "/v2/auth/login": [{ status: 401 }] });
    await expect(api.get("/v1/features")).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(["GET /v1/features", "POST /v2/auth/login"]);
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("shares one refresh between concurrent 401s", async () => {
    const calls = stubServer({
      "/v1/a": [{ status: 401 }, { status: 200, body: 1 }],
      "/v1/b": [{ status: 401 }, { status: 200, body: 2 }],
      "/v2/auth/login": [{ status: 200, body: {} }],
    });
    await expect(Promise.all([api.get("/v1/a"), api.get("/v1/b")])).resolves.toEqual([1, 2]);
    expect(calls.filter((c) => c === "POST /v2/auth/login")).toHaveLength(1);
  });

  it("shows a log-in 401 as an answer, without refreshing", async () => {
    const calls = stubServer({
      "/v2/auth/login": [
        { status: 401, body: { code: "invalid_credentials", message: "Incorrect email or password" } },
      ],
    });
    await expect(api.post("/v2/auth/login", { email: "a@b.co", password: "x" })).rejects.toMatchObject({
      status: 401,
      message: "Incorrect email or password",
    });
    expect(calls).toEqual(["POST /v2/auth/login"]);
    expect(assign).not.toHaveBeenCalled();
  });
});
