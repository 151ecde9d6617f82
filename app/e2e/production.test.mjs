// A real deployment (BANK_SANDBOX=off) on the release binary has no sandbox shortcuts (issue 26
// point 2): no sandbox pages, no sandbox commands, and a call that needs an outside party the
// operator has not configured answers 503 with SPEC §8's error body.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startBank } from "./bank.mjs";

let bank;

before(async () => {
  bank = await startBank({
    BANK_SANDBOX: "off",
    BANK_CARD_KEYS: `e2e:${Buffer.alloc(32, 7).toString("base64")}`,
    BANK_CARD_VERIFICATION_KEY: "an e2e verification key",
  });
});

after(() => bank?.stop());

describe("a real deployment", () => {
  it("serves no sandbox page", async () => {
    for (const path of [
      "/sandbox/pay/any",
      "/sandbox/pay/any/3ds",
      "/sandbox/identity",
      "/dev/outbox",
      "/dev/money-in",
    ]) {
      const answer = await fetch(`${bank.url}${path}`, { redirect: "manual" });
      assert.notEqual(answer.status, 200, path);
      const text = await answer.text();
      assert.doesNotMatch(text, /sandbox-banner/, path);
    }
    const login = await (await fetch(`${bank.url}/login`)).text();
    assert.doesNotMatch(login, /sandbox-banner/);
  });

  it("runs no sandbox command", () => {
    assert.throws(() => bank.cli(["money-in", "GB00HRBR00000000000000", "10.00", "Payer"]), /sandbox mode/);
  });

  it("answers a message it cannot send with 503 and the error body", async () => {
    const answer = await fetch(`${bank.url}/v1/auth/send-verification-email-v2`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bank.url },
      body: JSON.stringify({ email: "anna@example.com" }),
    });
    assert.equal(answer.status, 503);
    const body = await answer.json();
    assert.equal(body.code, "provider_unavailable");
    assert.equal(typeof body.title, "string");
    assert.equal(typeof body.message, "string");
  });
});
