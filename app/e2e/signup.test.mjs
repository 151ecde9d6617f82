import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  choose,
  DESKTOP,
  hydrated,
  launchBrowser,
  MOBILE,
  latestCode as sharedLatestCode,
  startBank,
  typeCode,
  watch,
  expectHeading,
} from "./bank.mjs";

let bank;
let browser;

before(async () => {
  bank = await startBank();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

/** The newest message to `to` on the sandbox outbox page, as a tester would read it. */
async function outbox(to) {
  return (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(to)}`)).text();
}

const latestCode = (to) => sharedLatestCode(bank, to);

for (const [name, device] of [
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
]) {
  describe(`sign up on ${name}`, () => {
    it("verifies the email, creates the account, and fills in the person and the address", async () => {
      const email = `ada.${name}@example.com`;
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const seen = watch(page);
      await page.goto(`${bank.url}/onboarding/user`);
      await hydrated(page);
      await expectHeading(page, "Account Registration");
      await page.click("text=Business account");
      await page.fill("input[name=email]", email);
      await page.click("button[type=submit]");
      await page.waitForSelector("text=We've sent you an email with verification code!");
      await expectHeading(page, "Email Verification");
      // Leaving mid-way: a reload comes back to the step and the address it was at.
      await page.reload();
      await hydrated(page);
      await page.waitForSelector(`text=Enter the 6-digit code we sent to ${email}`);
      await typeCode(page, await latestCode(email));

      await page.waitForSelector("h1:text('Password')");
      await page.reload();
      await hydrated(page);
      await page.waitForSelector("h1:text('Password')");
      await page.fill("input[name=password]", "harbour");
      await page.fill("input[name=confirm]", "harbour2");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Password must contain at least one latin letter and a number");
      await page.fill("input[name=password]", "harbour2026");
      await page.fill("input[name=confirm]", "harbour2027");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=The passwords did not match");
      await page.fill("input[name=confirm]", "harbour2026");
      await page.click("button[type=submit]");

      // Signed in now; the wizard goes on at the personal details.
      await page.waitForSelector("h1:text('Personal details')");
      await hydrated(page);
      await choose(page, "title", "Dr");
      await page.fill("input[name=name]", "Ada");
      await page.fill("input[name=surname]", "Lovelace");
      await page.fill("input[name=day]", "10");
      await page.fill("input[name=month]", "12");
      await page.fill("input[name=year]", "2015");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=You must be at least 18 years old");
      await page.fill("input[name=year]", "1985");
      await page.click("button[type=submit]");

      await page.waitForSelector("h1:text('Personal address')");
      await page.fill("input[name=postcode]", "EC2M 7EA");
      const matches = page.locator(".select:has(input[name=addressMatch]) [role=combobox]");
      await matches.click();
      assert.equal(await matches.textContent(), "5 addresses found");
      assert.equal(await page.locator("[role=option]").count(), 5, "five addresses");
      await page.getByRole("option", { name: "20 Finsbury Circus, London EC2M 7EA" }).click();
      assert.equal(await page.inputValue("input[name=buildingNumber]"), "20");
      assert.equal(await page.inputValue("input[name=city]"), "London");
      await page.click("button[type=submit]");

      // The controller sends a business on to its wizard.
      await page.waitForURL(`${bank.url}/onboarding/business`);
      await page.waitForSelector("h1:text('Company Type')");
      assert.deepEqual(seen.problems, []);

      // Leaving and coming back: a log-in returns to the steps, not to a dashboard.
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(`${bank.url}/login`);
      await hydrated(page);
      await page.fill("input[name=email]", email);
      await page.fill("input[name=password]", "harbour2026");
      await page.click("button[type=submit]");
      await page.waitForURL(`${bank.url}/onboarding/business`);
      await context.close();
    });
  });

  describe(`password reset on ${name}`, () => {
    it("sends a single-use link that sets a new password", async () => {
      const email = name === "desktop" ? "olivia@demo.harbour.example" : "tom@demo.harbour.example";
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await page.goto(`${bank.url}/login`);
      await hydrated(page);
      await page.click("text=Forgot password?");
      await page.waitForSelector("h1:text('Forgot password')");
      await page.fill("input[name=email]", email);
      await page.click("button[type=submit]");
      await page.waitForSelector("text=we have sent a link to reset the password");
      // The link is sent by a background job, a moment after the answer.
      let link = null;
      for (let i = 0; i < 50 && !link; i++) {
        link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(await outbox(email));
        if (!link) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(link, "the email carries a reset link");

      await page.goto(`${bank.url}/reset-password?token=${link[1]}`);
      await hydrated(page);
      await page.fill("input[name=password]", "Harbour2027");
      await page.fill("input[name=confirm]", "Harbour2027");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Password successfully changed");

      // The link works once.
      await page.goto(`${bank.url}/reset-password?token=${link[1]}`);
      await hydrated(page);
      await page.fill("input[name=password]", "Harbour2028");
      await page.fill("input[name=confirm]", "Harbour2028");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Password reset link has expired");

      await page.goto(`${bank.url}/login`);
      await hydrated(page);
      await page.fill("input[name=email]", email);
      await page.fill("input[name=password]", "Harbour2027");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Approve Log In Using SMS Code");
      await context.close();
    });
  });
}

describe("MFA request expiry", () => {
  it("shows 'Request time is up' and the resend option once the request expires", async () => {
    const short = await startBank({ BANK_MFA_LIFETIME_S: "2" });
    try {
      const context = await browser.newContext(MOBILE);
      const page = await context.newPage();
      await page.goto(`${short.url}/login`);
      await hydrated(page);
      await page.fill("input[name=email]", "tom@demo.harbour.example");
      await page.fill("input[name=password]", "Harbour2026");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Approve Log In Using SMS Code");
      await page.waitForSelector("text=Request time is up", { timeout: 10000 });
      await page.click("text=Send a new code");
      await page.waitForSelector("text=Code is sent again");
      await context.close();
    } finally {
      short.stop();
    }
  });
});

describe("registration state", () => {
  it("the wizard goes on where it was left, on another device", async () => {
    const email = "grace.devices@example.com";
    const desktop = await browser.newContext(DESKTOP);
    const page = await desktop.newPage();
    await page.goto(`${bank.url}/onboarding/user`);
    await hydrated(page);
    await page.click("text=Personal account");
    await page.fill("input[name=email]", email);
    await page.click("button[type=submit]");
    await page.waitForSelector("h1:text('Email Verification')");
    await typeCode(page, await latestCode(email));
    await page.waitForSelector("h1:text('Password')");
    await page.fill("input[name=password]", "harbour2026");
    await page.fill("input[name=confirm]", "harbour2026");
    await page.click("button[type=submit]");
    await page.waitForSelector("h1:text('Personal details')");
    await hydrated(page);
    await choose(page, "title", "Ms");
    await page.fill("input[name=name]", "Grace");
    await page.fill("input[name=surname]", "Hopper");
    await page.fill("input[name=day]", "9");
    await page.fill("input[name=month]", "12");
    await page.fill("input[name=year]", "1986");
    await page.click("button[type=submit]");
    await page.waitForSelector("h1:text('Personal address')");
    await desktop.close();

    // The same person on a phone, later: the address step, with the details kept.
    const phone = await browser.newContext(MOBILE);
    const again = await phone.newPage();
    await again.goto(`${bank.url}/login`);
    await hydrated(again);
    await again.fill("input[name=email]", email);
    await again.fill("input[name=password]", "harbour2026");
    await again.click("button[type=submit]");
    await again.waitForSelector("h1:text('Personal address')");
    await hydrated(again);
    await again.click("button:text('Back')");
    await again.waitForSelector("h1:text('Personal details')");
    assert.equal(await again.inputValue("input[name=surname]"), "Hopper");
    await phone.close();
  });
});
