// A real deployment (BANK_SANDBOX=off) on the release binary has no sandbox shortcuts (issue 26
// point 2): no sandbox pages, no sandbox commands, and a call that needs an outside party the
// operator has not configured answers 503 with SPEC §8's error body.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { DESKTOP, launchBrowser, register, reopen, startBank, verifyIdentity, verifyPhone } from "./bank.mjs";

const REAL = {
  BANK_SANDBOX: "off",
  BANK_CARD_KEYS: `e2e:${Buffer.alloc(32, 7).toString("base64")}`,
  BANK_CARD_VERIFICATION_KEY: "an e2e verification key",
};

let bank;

before(async () => {
  bank = await startBank(REAL);
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

  it("charges no activation fee without an acquirer, whatever token is sent", async () => {
    // An applicant at the paywall, made in sandbox mode on the database the real bank then opens.
    const dir = mkdtempSync(path.join(tmpdir(), "bank-prod-"));
    const database = `sqlite://${dir}/bank.db`;
    const sandbox = await startBank({ DATABASE_URL: database });
    const browser = await launchBrowser();
    let cookie;
    try {
      const context = await browser.newContext(DESKTOP);
      const page = await context.newPage();
      await register(page, sandbox, "ada.prod@example.com", "personal");
      await verifyPhone(page, sandbox, "+447700900777");
      await verifyIdentity(page, sandbox);
      await reopen(page, sandbox, "/controller", "/account-activation");
      cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    } finally {
      await browser.close();
      sandbox.stop();
    }
    const real = await startBank({ ...REAL, DATABASE_URL: database });
    try {
      const call = (method, route, body) =>
        fetch(`${real.url}${route}`, {
          method,
          headers: { "content-type": "application/json", origin: real.url, cookie },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const fee = await (await call("POST", "/v2/account-profiles/registration-fees/take", {})).json();
      assert.equal(fee.cardAllowed, false);
      assert.equal(fee.applePayAllowed, false);
      const token = {
        paymentData: { version: "EC_v1", data: "made-up" },
        paymentMethod: { network: "Visa" },
        transactionIdentifier: "T-1",
      };
      for (const [route, body] of [
        ["/v2/account-profiles/registration-fees/wallet-pay/initiate", { walletType: "apple-pay" }],
        ["/v2/account-profiles/registration-fees/wallet-pay/process", { walletType: "apple-pay", token }],
        ["/v2/account-profiles/registration-fees/order", { method: "card" }],
      ]) {
        const answer = await call("POST", route, body);
        assert.equal(answer.status, 503, route);
        assert.equal((await answer.json()).code, "payment_method_unavailable", route);
      }
      const kyc = await (await call("GET", "/v1/users/kyc/status-v3")).json();
      assert.equal(kyc.kyc_status ?? kyc.kycStatus, "registration_fee_assigned", JSON.stringify(kyc));
    } finally {
      real.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
