// Issue 32: the back office. A compliance member enrolled with `bank staff add`'s link creates a
// passkey, logs in with it (Chromium's virtual authenticator), and approves the sandbox's demo
// business waiting for its review, which then reaches its fee page.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  hydrated,
  latestCode,
  launchBrowser,
  reopen,
  startBank,
  typeCode,
  waitToSee,
  watch,
} from "./bank.mjs";

let bank;
let browser;
// WebAuthn needs a secure context and a domain for the relying party: localhost is both.
let origin;

before(async () => {
  bank = await startBank();
  bank.cli(["features", "set", "adminPanel", "on"]);
  origin = bank.url.replace("127.0.0.1", "localhost");
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

async function withAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe("the back office", () => {
  it("lets a compliance member log in with a passkey and approve a waiting business", async () => {
    const added = bank.cli(["staff", "add", "cora@harbour.example", "compliance"]);
    const link = added.match(/https?:\/\/\S+\/back-office\/enrol\?token=\S+/)?.[0];
    assert.ok(link, added);

    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await withAuthenticator(context, page);

    await page.goto(link.replace(/^https?:\/\/[^/]+/, origin));
    await waitToSee(page, "h1:text('Create your passkey')");
    await hydrated(page);
    await page.click("button:text('Create passkey')");
    await page.waitForURL(`${origin}/back-office`);
    await waitToSee(page, "text=Signed in as cora@harbour.example, Compliance");
    // The link was for once.
    const reused = await context.newPage();
    await reused.goto(link.replace(/^https?:\/\/[^/]+/, origin));
    await waitToSee(reused, "text=This enrolment link has been used or has expired");
    await reused.close();

    await page.click("button:text('Log out')");
    await page.waitForURL(`${origin}/back-office/login`);
    await hydrated(page);
    await page.fill("input[name=email]", "cora@harbour.example");
    await page.click("button:text('Log in with your passkey')");
    await page.waitForURL(`${origin}/back-office`);

    await page.click("nav >> text=Business reviews");
    await waitToSee(page, "h1:text('Business reviews')");
    await page.click("text=Lovelace Analytical Engines Ltd");
    await waitToSee(page, "h1:text('Lovelace Analytical Engines Ltd')");
    assert.ok((await page.textContent("main")).includes("11223344"), "the company number is shown");
    await hydrated(page);
    await page.click("button:text('Approve')");
    await waitToSee(page, "text=Approved. The applicant has been told");
    assert.deepEqual(seen.problems, []);
    await context.close();

    // The applicant logs in and is asked for the activation fee.
    const applicant = await browser.newContext(DESKTOP);
    const own = await applicant.newPage();
    await own.goto(`${bank.url}/login`);
    await hydrated(own);
    await own.fill("input[name=email]", "ada@demo.harbour.example");
    await own.fill("input[name=password]", "Harbour2026");
    await own.click("button[type=submit]");
    await own.waitForSelector("text=Approve Log In Using SMS Code");
    await typeCode(own, await latestCode(bank, "+447700900003"));
    await own.waitForURL((url) => url.pathname !== "/login");
    await reopen(own, bank, "/controller", "/account-activation");
    await waitToSee(own, "text=£49.00");
    await applicant.close();
  });
});
