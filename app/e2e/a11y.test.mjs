// Accessibility (issue 28): axe-core finds no WCAG 2.2 A/AA or best-practice violation on the
// pages of the auth, director and dashboard route sets, desktop and phone (the invited and card
// sets' pages are checked where team.test and cards.test walk through them); log-in and the phone's
// menu work from the keyboard alone. One bank for the file.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  axeViolations as violations,
  DESKTOP,
  expectHeading,
  hydrated,
  latestCode,
  launchBrowser,
  logInWithSms,
  MOBILE,
  register,
  startBank,
} from "./bank.mjs";

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];
const PUBLIC = ["/", "/login", "/forgot", "/onboarding/user", "/privacy-policy", "/leads", "/dev/ui"];
const SIGNED_IN = {
  desktop: [
    "/dashboard",
    "/recipients",
    "/recipients/create",
    "/transfer/1",
    "/transfer/0",
    "/currency-converter",
    "/statement",
    "/proof-letter",
    "/cards",
    "/bank-accounts/details",
    "/client/details",
    "/company/add",
  ],
  mobile: [
    "/dashboard",
    "/dashboard?details=open",
    "/recipients",
    "/recipients/create",
    "/transfer/1",
    "/currency-converter",
    "/statement",
    "/proof-letter",
    "/cards",
    "/cards/corporate",
    "/cards/benefits",
    "/account",
    "/account/users/invite",
    "/company/add",
  ],
};

describe("accessibility", () => {
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

  for (const [name, device] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ]) {
    it(`has no axe violation on the public and signed-in pages (${name})`, async () => {
      for (const scheme of ["light", "dark"]) {
        const context = await browser.newContext({ ...device, colorScheme: scheme });
        const page = await context.newPage();
        const found = [];
        for (const route of PUBLIC) {
          await page.goto(`${bank.url}${route}`, { waitUntil: "networkidle" });
          found.push(...(await violations(page)).map((v) => `${scheme} ${route}: ${v}`));
        }
        await logInWithSms(page, bank, ...OLIVIA);
        for (const route of SIGNED_IN[name]) {
          await page.goto(`${bank.url}${route}`);
          await hydrated(page);
          await page.waitForLoadState("networkidle");
          found.push(...(await violations(page)).map((v) => `${scheme} ${route}: ${v}`));
        }
        if (name === "mobile") {
          await page.click("summary[aria-label='Menu']");
          await page.locator(".drawer-panel").waitFor();
          // The open drawer is a dialog over an inert page: the drawer itself is what is read.
          found.push(...(await violations(page, ".drawer-panel")).map((v) => `${scheme} menu: ${v}`));
        }
        assert.deepEqual(found, []);
        await context.close();
      }
    });
  }

  it("has no axe violation on the onboarding steps of a new business (director set)", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await register(page, bank, "a11y.business@example.com", "business");
    const found = [];
    await page.waitForURL(/\/onboarding\/business/);
    await hydrated(page);
    found.push(...(await violations(page)).map((v) => `/onboarding/business: ${v}`));
    await page.goto(`${bank.url}/phone-verification`);
    await hydrated(page);
    found.push(...(await violations(page)).map((v) => `/phone-verification: ${v}`));
    assert.deepEqual(found, []);
    await context.close();
  });

  it("logs in with the keyboard alone", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${bank.url}/login`);
    await hydrated(page);
    await page.locator("input[name=email]").focus();
    await page.keyboard.type(OLIVIA[0]);
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "password");
    await page.keyboard.type(OLIVIA[1]);
    await page.keyboard.press("Enter");
    await page.waitForSelector("text=Approve Log In Using SMS Code");
    // The code's first cell has the focus as soon as it appears.
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Digit 1 of 6");
    await page.keyboard.type(await latestCode(bank, OLIVIA[2]));
    await page.waitForURL(`${bank.url}/dashboard`);
    await expectHeading(page, "Hello, Olivia");
    await context.close();
  });

  it("sends money with the keyboard alone, through every step", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.goto(`${bank.url}/transfer/1`);
    await hydrated(page);
    // Tab until the focus is on what `selector` names, as a keyboard user moves.
    const tabTo = async (selector) => {
      for (let i = 0; i < 40; i++) {
        if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
        await page.keyboard.press("Tab");
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await tabTo("input[name=amount]");
    await page.keyboard.type("12.50");
    await page.keyboard.press("Enter");
    await expectHeading(page, "Who you are paying");
    await tabTo("input[name=name]");
    await page.keyboard.type("Keyboard Supplies Ltd");
    await tabTo("input[name=ukSortCode]");
    await page.keyboard.type("200000");
    await tabTo("input[name=ukAccountNumber]");
    await page.keyboard.type("55779911");
    await tabTo("input[name=details]");
    await page.keyboard.type("Keys 1");
    await page.keyboard.press("Enter");
    await expectHeading(page, "Check and send");
    await tabTo(".transfer-confirm .button-primary");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Digit 1 of 6");
    const outbox = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(OLIVIA[2])}`)).text();
    const code = /with code (\d{6})/.exec(outbox)?.[1];
    assert.ok(code, "the approval code was texted");
    await page.keyboard.type(code);
    await page.waitForSelector("h1:text-matches('^Transfer (completed|sent)$')");
    await context.close();
  });

  it("opens the phone's menu and goes to a page with the keyboard alone", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.locator("summary[aria-label='Menu']").focus();
    await page.keyboard.press("Enter");
    await page.locator(".drawer-panel").waitFor();
    for (let i = 0; i < 12; i++) {
      const label = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (label === "Recipients") break;
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await page.waitForURL(`${bank.url}/recipients`);
    await expectHeading(page, "Recipients");
    // The drawer closes on the route change; it slides away, so wait for it to be gone.
    await page.locator(".drawer-panel").waitFor({ state: "hidden", timeout: 5000 });
    await context.close();
  });
});
