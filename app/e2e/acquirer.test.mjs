// Issue 33 point 3: the activation fee through Checkout.com, in the browser. The bank talks to a
// local fake of Checkout.com's API whose Hosted Payments Page pays or declines and then, as
// Checkout.com does, tells the bank by a webhook signed with HMAC-SHA256 (`Cko-Signature`) and
// sends the payer back to the bank's card screen. Apple Pay (where the browser offers it) goes
// to the same hosted page: the acquirer validates the merchant and takes the token there.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  MOBILE,
  hydrated,
  launchBrowser,
  register,
  reopen,
  startBank,
  verifyIdentity,
  verifyPhone,
  waitToSee,
} from "./bank.mjs";

const SECRET_KEY = "sk_sbox_e2e";
const WEBHOOK_SECRET = "e2e-webhook-signature-key";

let bank;
let site;
let browser;
let fake;
let fakeUrl;
const sessions = new Map();

function read(request) {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });
}

async function notify(type, session) {
  const body = JSON.stringify({
    id: `evt_${Date.now()}`,
    type,
    created_on: new Date().toISOString(),
    data: {
      id: `pay_${session.id}`,
      amount: session.request.amount,
      currency: session.request.currency,
      reference: session.request.reference,
      metadata: session.request.metadata,
    },
  });
  const signature = createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex");
  const answer = await fetch(`${bank.url}/v2/webhooks/acquirer`, {
    method: "POST",
    headers: { "content-type": "application/json", "cko-signature": signature },
    body,
  });
  assert.equal(answer.status, 200, await answer.text());
}

/** Checkout.com's API and its hosted page, as far as the bank uses them. */
function startFake() {
  return new Promise((resolve) => {
    const server = createServer(async (request, response) => {
      const url = new URL(request.url, "http://fake");
      if (request.method === "POST" && url.pathname === "/hosted-payments") {
        const request_ = JSON.parse(await read(request));
        const authorised = request.headers.authorization === `Bearer ${SECRET_KEY}`;
        if (!authorised || !request.headers["cko-idempotency-key"] || request_["3ds"]?.enabled !== true) {
          response.writeHead(422, { "content-type": "application/json" });
          response.end(JSON.stringify({ error_type: "request_invalid", error_codes: ["bad_request"] }));
          return;
        }
        const id = `hpp_${sessions.size + 1}`;
        sessions.set(id, { id, request: request_ });
        response.writeHead(201, { "content-type": "application/json" });
        response.end(JSON.stringify({ id, _links: { redirect: { href: `${fakeUrl}/page/${id}` } } }));
        return;
      }
      const page = url.pathname.match(/^\/page\/(hpp_\d+)(\/(pay|decline))?$/);
      const session = page && sessions.get(page[1]);
      if (session && request.method === "GET") {
        const amount = (session.request.amount / 100).toFixed(2);
        response.writeHead(200, { "content-type": "text/html" });
        response.end(`<!doctype html><title>Checkout.com</title><h1>Pay ${amount} ${session.request.currency}</h1>
          <form method="post" action="/page/${session.id}/pay"><button>Pay now</button></form>
          <form method="post" action="/page/${session.id}/decline"><button>Decline</button></form>`);
        return;
      }
      if (session && request.method === "POST") {
        const paid = page[3] === "pay";
        await notify(paid ? "payment_captured" : "payment_declined", session);
        const back = paid ? session.request.success_url : session.request.failure_url;
        response.writeHead(303, { location: back });
        response.end();
        return;
      }
      response.writeHead(404);
      response.end();
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

before(async () => {
  fake = await startFake();
  fakeUrl = `http://127.0.0.1:${fake.address().port}`;
  bank = await startBank({
    BANK_CHECKOUT_COM_SECRET_KEY: SECRET_KEY,
    BANK_CHECKOUT_COM_URL: fakeUrl,
    BANK_CHECKOUT_COM_PROCESSING_CHANNEL: "pc_e2e",
    BANK_CHECKOUT_COM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  // The acquirer sends the payer back to the bank's configured origin (localhost), so the
  // person uses that origin throughout: their session is there.
  site = { ...bank, url: bank.url.replace("127.0.0.1", "localhost") };
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  bank?.stop();
  fake?.close();
});

async function atThePaywall(layout, email, phone, applePay) {
  const context = await browser.newContext(layout);
  if (applePay) {
    // The browser offers Apple Pay (as Safari does); the payment sheet itself is the acquirer's.
    await context.addInitScript(() => {
      window.ApplePaySession = { canMakePayments: () => true };
    });
  }
  const page = await context.newPage();
  await register(page, site, email, "personal");
  await verifyPhone(page, site, phone);
  await verifyIdentity(page, site);
  await reopen(page, site, "/controller", "/account-activation");
  await hydrated(page);
  return { context, page };
}

describe("the activation fee through Checkout.com", () => {
  it("is paid by card on the acquirer's hosted page and opens the account", async () => {
    const { context, page } = await atThePaywall(DESKTOP, "carla@example.com", "+447700900201", false);
    await page.click("text=Pay by card");
    await page.waitForURL(new RegExp(`^${fakeUrl}/page/hpp_`));
    await waitToSee(page, "h1:text('Pay 19.00 GBP')");
    await page.click("text=Pay now");
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 15000 });
    await context.close();
  });

  it("on a phone, declined then paid with Apple Pay on the same hosted page", async () => {
    const { context, page } = await atThePaywall(MOBILE, "dario@example.com", "+447700900202", true);
    await page.click("text=Pay with Apple Pay");
    await page.waitForURL(new RegExp(`^${fakeUrl}/page/hpp_`));
    await page.click("text=Decline");
    await page.waitForURL(/\/account-activation\/card\?checkout=/);
    await waitToSee(page, "text=Your card payment did not go through.");
    await page.click("text=Try again");
    await hydrated(page);
    await waitToSee(page, "text=Your last payment did not go through.");
    await page.click("text=Pay with Apple Pay");
    await page.waitForURL(new RegExp(`^${fakeUrl}/page/hpp_`));
    await page.click("text=Pay now");
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 15000 });
    await context.close();
  });
});
