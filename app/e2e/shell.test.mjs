// The app shell (issue 28): the desktop's left navigation, the phone's drawer, and pages that
// never scroll sideways on a 360-pixel phone. One bank for the file.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  expectHeading,
  hydrated,
  launchBrowser,
  logInWithSms,
  MOBILE,
  startBank,
  watch,
} from "./bank.mjs";

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];
const PHONE_360 = { ...MOBILE, viewport: { width: 360, height: 740 } };

const SIGNED_IN = {
  mobile: [
    "/dashboard",
    "/dashboard?details=open",
    "/recipients",
    "/recipients/create",
    "/transfer/1",
    "/transfer/0",
    "/transfer/2",
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
  desktop: [
    "/dashboard",
    "/recipients",
    "/transfer/1",
    "/currency-converter",
    "/statement",
    "/proof-letter",
    "/cards",
    "/bank-accounts/details",
    "/client/details",
    "/company/add",
  ],
};
const PUBLIC = ["/", "/login", "/forgot", "/onboarding/user", "/privacy-policy", "/terms-and-conditions"];

/** How far the page scrolls sideways: 0 when nothing is wider than the screen. */
const sideways = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the app shell", () => {
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

  it("never scrolls sideways on a 360-pixel phone, signed out or in", async () => {
    const context = await browser.newContext(PHONE_360);
    const page = await context.newPage();
    for (const route of PUBLIC) {
      await page.goto(`${bank.url}${route}`, { waitUntil: "networkidle" });
      assert.equal(await sideways(page), 0, `${route} scrolls sideways`);
    }
    await logInWithSms(page, bank, ...OLIVIA);
    for (const route of SIGNED_IN.mobile) {
      await page.goto(`${bank.url}${route}`);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      assert.equal(await sideways(page), 0, `${route} scrolls sideways`);
      // The header is one row: the company's long name is cut, never wrapped.
      const header = await page.locator(".app-header").boundingBox();
      assert.ok(header && header.height <= 60, `${route}: the header wrapped (${header?.height}px)`);
    }
    await context.close();
  });

  it("opens the phone's menu as a drawer that closes when an item is chosen", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const { problems } = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    const panel = page.locator(".drawer-panel");
    assert.equal(await panel.isVisible(), false);
    await page.click("summary[aria-label='Menu']");
    await panel.waitFor();
    // Focus moves into the drawer (once its effect has run), and the page behind is out of reach.
    await page.waitForFunction(() => !!document.activeElement?.closest(".drawer-panel"));
    assert.equal(await page.evaluate(() => document.getElementById("main")?.inert), true);
    await panel.locator("a", { hasText: "Recipients" }).click();
    await page.waitForURL(`${bank.url}/recipients`);
    await expectHeading(page, "Recipients");
    assert.equal(await panel.isVisible(), false, "the drawer closed after the choice");
    assert.equal(await page.evaluate(() => document.getElementById("main")?.inert), false);

    // Escape closes it too, and focus goes back to the menu button.
    await page.click("summary[aria-label='Menu']");
    // Open once the focus is inside: from then on it listens for Escape.
    await page.waitForFunction(() => !!document.activeElement?.closest(".drawer-panel"));
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Menu");

    // The Team entry leads to the team on the account page.
    await page.click("summary[aria-label='Menu']");
    await panel.locator("a", { hasText: "Team" }).click();
    await page.waitForURL(`${bank.url}/account#team`);
    await page.locator("#team").waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("works as a disclosure before JavaScript", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const plain = await browser.newContext({
      ...MOBILE,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const before = await plain.newPage();
    await before.goto(`${bank.url}/dashboard`);
    await before.click("summary[aria-label='Menu']");
    await before.locator(".drawer-panel a", { hasText: "Recipients" }).click();
    await before.waitForURL(`${bank.url}/recipients`);
    assert.equal(await before.locator("h1").first().textContent(), "Recipients");
    await plain.close();
    await context.close();
  });

  it("lays the desktop out as a left navigation beside the content, with nothing wrapped", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const { problems } = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    for (const route of SIGNED_IN.desktop) {
      await page.goto(`${bank.url}${route}`);
      await hydrated(page);
      assert.equal(await sideways(page), 0, `${route} scrolls sideways`);
      const items = await page.locator(".side-nav .nav-item").evaluateAll((links) =>
        links.map((link) => ({
          text: link.textContent,
          height: link.getBoundingClientRect().height,
          cut: link.scrollWidth > link.clientWidth,
        })),
      );
      assert.ok(items.length >= 8, `${route}: ${items.length} menu items`);
      for (const item of items) {
        assert.ok(item.height <= 48 && !item.cut, `${route}: "${item.text}" wraps or is cut`);
      }
    }
    // The current page is marked in the navigation, and an item opens its page through the
    // router, without loading the document again.
    await page.goto(`${bank.url}/dashboard`);
    await hydrated(page);
    assert.equal(await page.locator(".side-nav [aria-current=page]").textContent(), "Home");
    await page.evaluate(() => {
      window.__samePage = true;
    });
    await page.click(".side-nav a.nav-item >> text=Recipients");
    await page.waitForURL(/\/recipients$/);
    await page.waitForSelector(".side-nav [aria-current=page] >> text=Recipients");
    assert.equal(await page.locator(".side-nav [aria-current=page]").count(), 1);
    assert.equal(await page.evaluate(() => window.__samePage), true, "opened without a page load");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
