// Issue 32: the back office. A compliance member enrolled with `bank staff add`'s link creates a
// passkey, logs in with it (Chromium's virtual authenticator), and approves the sandbox's demo
// business waiting for its review, which then reaches its fee page. Two members of operations
// release money from suspense to a customer: one proposes, the other approves (four eyes).
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
  // Each process reads the flags at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
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

/** A member of staff added with `bank staff add`, enrolled with a passkey and signed in, on the
 * back office's home page. */
async function enrolledMember(email, role) {
  const added = bank.cli(["staff", "add", email, role]);
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
  return { context, page, seen, link };
}

describe("the back office", () => {
  it("lets a compliance member log in with a passkey and approve a waiting business", async () => {
    const { context, page, seen, link } = await enrolledMember("cora@harbour.example", "compliance");
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

  it("releases money from suspense to a customer only when a second member of operations approves", async () => {
    bank.cli(["money-in", "GB82WEST12345698765432", "120.00", "Acme Supplies Ltd", "INV-7"]);
    const olga = await enrolledMember("olga@harbour.example", "operations");
    const otto = await enrolledMember("otto@harbour.example", "operations");

    // Olga finds the customer's IBAN on their record, then proposes the credit.
    const page = olga.page;
    await page.click("nav >> text=Customers");
    await waitToSee(page, "h1:text('Customers')");
    await hydrated(page);
    await page.fill("input[name=q]", "olivia@demo.harbour.example");
    await page.keyboard.press("Enter");
    await page.click(".back-office-table a");
    await waitToSee(page, "h1:text('Open a customer')");
    await page.fill("input[name=reason]", "Matching money in suspense");
    await page.keyboard.press("Enter");
    await page.waitForURL(/reason=/);
    const iban = (
      await page
        .locator("td", { hasText: /^GB\d\d/ })
        .first()
        .textContent()
    ).trim();
    assert.match(iban, /^GB\d\d[A-Z]{4}\d{14}$/);

    await page.click("nav >> text=Payments");
    await waitToSee(page, "h1:text('Payments')");
    await waitToSee(page, "text=£120.00 from Acme Supplies Ltd");
    await hydrated(page);
    await page.fill("input[name=iban]", iban);
    await page.fill("input[name=reason]", "Payer sent the invoice number; it is Bennett & Hale's");
    await page.click("button:text('Propose')");
    await waitToSee(page, "text=A release waits for a second member of operations");
    await page.click("nav >> text=Approvals");
    await waitToSee(page, "text=Waiting for another member of staff: you proposed it.");

    const other = otto.page;
    await other.click("nav >> text=Approvals");
    await waitToSee(other, `text=Credit £120.00 from suspense to ${iban}`);
    await hydrated(other);
    await other.click("button:text('Approve')");
    await waitToSee(other, "text=Approved. The money is credited to the account.");
    await other.click("nav >> text=Payments");
    await waitToSee(other, "text=Suspense is empty");
    assert.deepEqual(olga.seen.problems, []);
    assert.deepEqual(otto.seen.problems, []);
    await olga.context.close();
    await otto.context.close();
  });
});
