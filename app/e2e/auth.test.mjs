import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { DESKTOP, hydrated, launchBrowser, MOBILE, startBank, watch, expectHeading } from "./bank.mjs";

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

describe("desktop", () => {
  it("renders the start page, hydrates cleanly and makes no second request for its data", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${bank.url}/`);
    await expectHeading(page, "Banking for businesses and people who work across borders");
    assert.ok(await page.isVisible("text=United Kingdom"));
    await hydrated(page);
    assert.deepEqual(seen.problems, [], "no console errors or hydration warnings");
    assert.deepEqual(seen.apiCalls, [], "the server's data was reused, not fetched again");
    await context.close();
  });

  it("navigates between auth pages on the client", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${bank.url}/`);
    await hydrated(page);
    await page.evaluate(() => {
      window.sameDocument = true;
    });
    await page.click("header >> text=Log In");
    await page.waitForURL(`${bank.url}/login`);
    await expectHeading(page, "Log in");
    await page.click("text=Forgot password?");
    await page.waitForURL(`${bank.url}/forgot`);
    await expectHeading(page, "Forgot password");
    assert.equal(await page.title(), "Forgot password | Harbour");
    assert.equal(await page.evaluate(() => window.sameDocument), true, "no full page load");
    await page.click("header >> text=Sign Up");
    await page.waitForURL(`${bank.url}/onboarding/user`);
    await expectHeading(page, "Account Registration");
    assert.equal(await page.evaluate(() => window.sameDocument), true);
    assert.deepEqual(seen.problems, []);
    await context.close();
  });

  it("checks the login form before it is sent", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${bank.url}/login`);
    await hydrated(page);
    await page.click("button[type=submit]");
    assert.equal(await page.locator("text=Field is required").count(), 2);
    await page.fill("input[name=email]", "anna@example.com");
    assert.equal(await page.locator("text=Field is required").count(), 1);
    await context.close();
  });

  it("sends a visitor from the business wizard to sign up first, on the client", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${bank.url}/login`);
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState({}, "", "/onboarding/business");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForURL(`${bank.url}/onboarding/user?flow=business`);
    await page.waitForSelector("h1:text('Account Registration')");
    assert.deepEqual(seen.apiCalls, []);
    assert.deepEqual(seen.problems, []);
    await context.close();
  });
});

describe("mobile", () => {
  it("sends / to log in, hydrates and navigates on the client", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`${bank.url}/`);
    assert.equal(new URL(page.url()).pathname, "/login");
    assert.ok(await page.isVisible(".frame-mobile"));
    await hydrated(page);
    await page.click("text=Forgot password?");
    await page.waitForURL(`${bank.url}/forgot`);
    await expectHeading(page, "Forgot password");
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(seen.apiCalls, []);
    await context.close();
  });
});

describe("without JavaScript", () => {
  it("shows the complete start page and policy pages", async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${bank.url}/`);
    await expectHeading(page, "Banking for businesses and people who work across borders");
    assert.ok(await page.isVisible("text=Where we open accounts"));
    assert.ok(await page.isVisible("text=Sweden"));
    await page.click("text=Privacy policy");
    await page.waitForURL(`${bank.url}/privacy-policy`);
    await expectHeading(page, "Privacy policy");
    assert.ok((await page.locator("h2").count()) >= 8);
    assert.ok(await page.isVisible("text=Harbour Payments Ltd is the controller"));
    await context.close();
  });
});
