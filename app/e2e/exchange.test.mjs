// Issue 12: currency exchange in the browser, desktop and mobile. GBP to EUR by what leaves,
// EUR to USD by what arrives, the quote refreshed on its 25 s countdown, the limitation notice
// outside business hours (hours set through the bank's configuration), and a conversion with
// JavaScript disabled.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { choose, DESKTOP, hydrated, launchBrowser, logInWithSms, MOBILE, startBank, watch } from "./bank.mjs";

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];

let bank;
let closed;
let browser;

before(async () => {
  [bank, closed, browser] = await Promise.all([
    startBank({ BANK_EXCHANGE_HOURS: "00:00-23:59", BANK_EXCHANGE_DAYS: "every" }),
    startBank({ BANK_EXCHANGE_HOURS: "closed" }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  bank?.stop();
  closed?.stop();
});

async function accountsOf(page) {
  return page.evaluate(async () => {
    const reply = await fetch("/v2/bank-accounts/fetch", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    return (await reply.json()).results;
  });
}

const balanceOf = async (page, currency) =>
  Math.round((await accountsOf(page)).find((a) => a.currency === currency).balance.booked * 100);

/** The amount an input shows, as minor units. */
const shownMinor = async (page, name) =>
  Math.round(Number((await page.inputValue(`input[name=${name}]`)).replaceAll(",", "")) * 100);

async function openConverter(page, layout) {
  if (layout === "mobile") await page.click("summary[aria-label='Menu']");
  await page.click("a:text('Currency exchange')");
  await page.waitForURL(`${bank.url}/currency-converter`);
  await page.waitForSelector("h1:text('Currency exchange')");
}

describe("currency exchange", () => {
  it("converts GBP to EUR by what leaves, on the desktop", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const { problems } = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    const [gbpBefore, eurBefore] = [await balanceOf(page, "GBP"), await balanceOf(page, "EUR")];
    await openConverter(page, "desktop");
    await choose(page, "from", { startsWith: "GBP" });
    await choose(page, "to", { startsWith: "EUR" });
    // Continue before any amount: SPEC §5's message.
    await page.click("button:text('Continue')");
    await page.waitForSelector("text=Please, select amount to convert");
    await page.fill("input[name=sell]", "100");
    await page.waitForSelector("text=/1 GBP = [0-9.]+ EUR/");
    const received = await shownMinor(page, "buy");
    assert.ok(received > 10_000 && received < 13_000, `£100 buys about €115: ${received}`);
    await page.click("button:text('Continue')");
    await page.waitForSelector("dt:text('You convert') + dd:text('£100.00')");
    assert.ok(await page.isVisible("text=/rate updates in \\d+ s/"));
    await page.click("button:text('Convert')");
    await page.waitForSelector("h1:text('Exchange completed')");
    assert.ok(await page.isVisible("text=You converted £100.00 to €"));
    assert.equal(await balanceOf(page, "GBP"), gbpBefore - 10_000);
    assert.equal(await balanceOf(page, "EUR"), eurBefore + received);
    await page.click("a:text('Back to your account')");
    await page.waitForURL(/\/dashboard\?account=.*&txn=/);
    await page.waitForSelector("text=You convert");
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("converts EUR to USD by what arrives, on a phone", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const { problems } = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    const [eurBefore, usdBefore] = [await balanceOf(page, "EUR"), await balanceOf(page, "USD")];
    await openConverter(page, "mobile");
    await choose(page, "from", { startsWith: "EUR" });
    await choose(page, "to", { startsWith: "USD" });
    await page.fill("input[name=buy]", "50");
    await page.waitForSelector("text=/1 EUR = [0-9.]+ USD/");
    await page.waitForFunction(() => document.querySelector("input[name=sell]")?.value !== "");
    const paid = await shownMinor(page, "sell");
    assert.ok(paid > 3_000 && paid < 5_000, `$50 costs about €43: ${paid}`);
    await page.click("button:text('Continue')");
    await page.waitForSelector("dt:text('You receive') + dd:text('$50.00')");
    await page.click("button:text('Convert')");
    await page.waitForSelector("h1:text('Exchange completed')");
    assert.equal(await balanceOf(page, "USD"), usdBefore + 5_000);
    assert.equal(await balanceOf(page, "EUR"), eurBefore - paid);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("asks for the rate again when the countdown ends", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.clock.install();
    await logInWithSms(page, bank, ...OLIVIA);
    await openConverter(page, "desktop");
    const { apiCalls } = watch(page);
    await page.fill("input[name=sell]", "20");
    await page.waitForSelector("text=/1 GBP = [0-9.]+ EUR/");
    await page.click("button:text('Continue')");
    await page.waitForSelector("text=/rate updates in \\d+ s/");
    const first = await page.inputValue("input[name=quoteId]");
    await page.clock.runFor(10_000);
    await page.waitForSelector("text=/rate updates in 1[45] s/");
    assert.equal(await page.inputValue("input[name=quoteId]"), first);
    await page.clock.runFor(15_500);
    await page.waitForFunction((id) => document.querySelector("input[name=quoteId]")?.value !== id, first);
    const quotes = apiCalls.filter((p) => p === "/v1/bank/currency-exchange/rate");
    assert.equal(quotes.length, 2, "one quote after typing stopped, one after 25 s");
    await page.click("button:text('Convert')");
    await page.waitForSelector("h1:text('Exchange completed')");
    await context.close();
  });

  it("shows the limitation notice outside business hours", async () => {
    for (const layout of [DESKTOP, MOBILE]) {
      const context = await browser.newContext(layout);
      const page = await context.newPage();
      await logInWithSms(page, closed, ...OLIVIA);
      await page.goto(`${closed.url}/currency-converter`);
      await hydrated(page);
      await page.fill("input[name=sell]", "100");
      await page.waitForSelector("[role=alertdialog] h2:text('Currency Exchange Limitation')");
      assert.ok(await page.isVisible("text=Settlement uses live rates on business days 8:30-17:29 UK time."));
      await page.click("[role=alertdialog] button:text('Ok')");
      await page.click("button:text('Continue')");
      await page.waitForSelector("[role=alertdialog] h2:text('Currency Exchange Limitation')");
      assert.equal(await page.isVisible("button:text('Convert')"), false);
      await context.close();
    }
  });

  it("converts with JavaScript disabled", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const gbpBefore = await balanceOf(page, "GBP");
    const plain = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noJs = await plain.newPage();
    await noJs.goto(`${bank.url}/currency-converter`);
    await choose(noJs, "from", { startsWith: "GBP" });
    await choose(noJs, "to", { startsWith: "USD" });
    await noJs.fill("input[name=sell]", "12.50");
    await noJs.click("button:text('Continue')");
    await noJs.waitForURL(/\/currency-converter\?.*step=approve/);
    await noJs.waitForSelector("dt:text('You convert') + dd:text('£12.50')");
    assert.ok(await noJs.isVisible("text=/1 GBP = [0-9.]+ USD/"));
    await noJs.click("button:text('Convert')");
    await noJs.waitForURL(/\/currency-converter\?done=/);
    assert.ok(await noJs.isVisible("text=You converted £12.50 to $"));
    // A re-sent form converts once.
    assert.equal(await balanceOf(page, "GBP"), gbpBefore - 1_250);
    await plain.close();
    await context.close();
  });
});
