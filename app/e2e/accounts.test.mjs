import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { choose, DESKTOP, hydrated, launchBrowser, logInWithSms, MOBILE, startBank, watch } from "./bank.mjs";

let bank;
let browser;

before(async () => {
  // Pending accounts open after a second, so the refetch schedule finds them quickly.
  bank = await startBank({ BANK_ACCOUNT_OPENING_S: "1" });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];

async function downloaded(page, click) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "latin1") };
}

for (const [name, device, newCurrency] of [
  ["desktop", DESKTOP, "CHF"],
  ["mobile", MOBILE, "ALL"],
]) {
  describe(`accounts on ${name}`, () => {
    it("shows balances and transactions, filters, searches and opens a detail", async () => {
      const context = await browser.newContext({
        ...device,
        permissions: ["clipboard-read", "clipboard-write"],
      });
      const page = await context.newPage();
      const seen = watch(page);
      await logInWithSms(page, bank, ...OLIVIA);
      const cards = page.locator(".balance-card");
      const before = await cards.count();
      assert.ok(before >= 3, "GBP, EUR and USD at least");
      assert.match(await cards.nth(0).textContent(), /GBP · Primary£[\d,]+\.\d\d/);
      assert.match(await cards.nth(1).textContent(), /^EUR€/);
      assert.equal(await page.locator(".txn-row").count(), 50, "the first page of 50");

      // More load as the end of the list comes into view.
      await page.locator(".txn-row").last().scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll(".txn-row").length > 50);

      await page.fill("input[name=q]", "pret");
      await page.click("text=Apply");
      await page.waitForURL(/q=pret/);
      await page.waitForFunction(() => {
        const titles = [...document.querySelectorAll(".txn-title")];
        return titles.length > 0 && titles.every((t) => t.textContent === "Pret A Manger");
      });
      // A row opens its detail in place, through the router: the page is not loaded again.
      await page.evaluate(() => {
        window.__samePage = true;
      });
      await page.locator(".txn-row").first().click();
      await page.waitForSelector("text=Merchant location");
      assert.equal(await page.evaluate(() => window.__samePage), true, "opened without a page load");
      assert.ok(await page.isVisible("text=CO2 Footprint"));
      assert.ok(await page.isVisible(".txn-detail >> text=You sent"));
      const proof = await downloaded(page, () => page.click(".txn-detail >> text=Download"));
      assert.ok(proof.text.startsWith("%PDF"));
      // Escape closes the panel; on the phone a tap on the dimmed list beside the sheet does too.
      await page.keyboard.press("Escape");
      await page.waitForSelector(".txn-detail", { state: "detached" });
      if (name === "mobile") {
        await page.locator(".txn-row").first().click();
        await page.waitForSelector(".txn-detail >> text=Merchant location");
        await page.mouse.click(180, 60);
        await page.waitForSelector(".txn-detail", { state: "detached" });
        assert.doesNotMatch(page.url(), /txn=/);
      }

      await page.goto(`${bank.url}/dashboard?type=fees`);
      await hydrated(page);
      const titles = await page.locator(".txn-title").allTextContents();
      assert.ok(titles.length > 0 && titles.every((t) => t === "Monthly plan fee"), titles.join());

      await page.goto(`${bank.url}/dashboard?q=nothing-like-this`);
      await page.waitForSelector("text=No transactions match these filters.");

      // Another currency: pending at once, active after the background job.
      await page.goto(`${bank.url}/dashboard`);
      await hydrated(page);
      await page.click("summary:text('Open another currency account')");
      await choose(page, "currency", newCurrency);
      await page.click("text=Open account");
      await page.waitForSelector(`text=Your ${newCurrency} account is being opened.`);
      await page.waitForSelector(`text=Your ${newCurrency} account is ready.`, { timeout: 10000 });
      assert.equal(await page.locator(".balance-card").count(), before + 1);

      // Account details, each copyable.
      if (name === "desktop") {
        await page.click("nav >> text=Account details");
        await page.waitForSelector("h1:text('Account details')");
      } else {
        // The phone's quick action opens the details on the dashboard, through the router
        // (a plain link under the actions' one click handler): the page is not loaded again.
        await page.evaluate(() => {
          window.__beforeQuickAction = true;
        });
        await page.click(".quick-action >> text=Add money");
        await page.waitForSelector("#account-details[open]");
        assert.equal(await page.evaluate(() => window.__beforeQuickAction === true), true);
      }
      await page.click("[aria-label='Copy IBAN']");
      await page.waitForSelector("text=Copied to clipboard");
      const iban = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(iban, /^GB\d{2}HRBR040075\d{8}$/);
      assert.deepEqual(seen.problems, []);
      await context.close();
    });

    it("downloads statements in each format and the proof letter", async () => {
      const context = await browser.newContext({ ...device, acceptDownloads: true });
      const page = await context.newPage();
      await logInWithSms(page, bank, ...OLIVIA);
      await page.click(name === "mobile" ? "summary[aria-label='Menu']" : "nav >> text=Generate Statement");
      if (name === "mobile") await page.click("text=Generate Statement");
      await page.waitForSelector("h1:text('Generate Statement')");
      await hydrated(page);
      await page.click("text=Download statement");
      await page.waitForSelector("text=Field is required");
      await page.click("text=Last month");
      await page.check("input[value=csv]");
      const csv = await downloaded(page, () => page.click("text=Download statement"));
      assert.match(csv.name, /^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
      assert.ok(
        csv.text.startsWith("Date,Time,Type,Description,Counterparty,Amount,Fee,Balance,Transaction ID"),
      );
      assert.ok(csv.text.split("\r\n").length > 5, "last month has transactions");
      await page.check("input[value=camt053]");
      const xml = await downloaded(page, () => page.click("text=Download statement"));
      assert.match(xml.text, /<BkToCstmrStmt>/);
      await page.check("input[value=pdf]");
      const pdf = await downloaded(page, () => page.click("text=Download statement"));
      assert.ok(pdf.text.startsWith("%PDF"));
      await page.getByLabel("From", { exact: true }).fill("");
      await page.keyboard.press("Tab");
      await page.click("text=Download statement");
      await page.waitForSelector("text=Date interval not selected");

      await page.goto(`${bank.url}/proof-letter`);
      await hydrated(page);
      await page.click("text=Download letter");
      await page.waitForSelector("text=Field is required");
      await page.check("input[name=agreement]");
      const letter = await downloaded(page, () => page.click("text=Download letter"));
      assert.equal(letter.name, "proof-of-account.pdf");
      await context.close();
    });
  });
}

describe("accounts without JavaScript", () => {
  it("renders balances and a filtered transaction list on the server", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const plain = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noJs = await plain.newPage();
    await noJs.goto(`${bank.url}/dashboard`);
    assert.ok((await noJs.locator(".balance-card").count()) >= 3);
    assert.equal(await noJs.locator(".txn-row").count(), 50);
    await noJs.fill("input[name=q]", "Pret");
    await noJs.click("text=Apply");
    await noJs.waitForURL(/q=Pret/);
    const titles = await noJs.locator(".txn-title").allTextContents();
    assert.ok(titles.length > 0 && titles.every((t) => t === "Pret A Manger"));
    await noJs.locator(".txn-row").first().click();
    await noJs.waitForSelector("text=Merchant location");
    await noJs.goto(`${bank.url}/bank-accounts/details`);
    assert.ok(await noJs.isVisible("text=Sort code"));
    assert.ok(await noJs.isVisible("text=04-00-75"));
    await context.close();
    await plain.close();
  });
});

describe("days in Europe/London", () => {
  it("shows a payment at 00:30 BST on 1 July under 1 July, before and after hydration", async () => {
    const TOM = ["tom@demo.harbour.example", "Harbour2026", "+447700900002"];
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...TOM);
    const accounts = await page.request.post(`${bank.url}/v2/bank-accounts/fetch`, {
      data: {},
      headers: { Origin: bank.url },
    });
    const [gbp] = (await accounts.json()).results;
    // 23:30 UTC on 30 June is 00:30 in London (BST).
    bank.cli(["money-in", gbp.iban, "12.34", "Night Owl Ltd", "MIDNIGHT", "--at", "2026-06-30T23:30:00Z"]);

    const row = (p) => p.locator(".txn-row", { hasText: "Night Owl Ltd" });
    // The list is grouped by London day: the row's time, under its day's heading.
    const shown = async (p) =>
      `${await p
        .locator(".txn-day", { has: row(p) })
        .locator(".txn-day-title")
        .textContent()} ${await row(p).locator(".txn-when").textContent()}`;
    const plain = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noJs = await plain.newPage();
    await noJs.goto(`${bank.url}/dashboard?from=2026-07-01&to=2026-07-01`);
    assert.equal(await row(noJs).count(), 1, "server render: on 1 July");
    assert.equal(await shown(noJs), "01.07.2026 24:30");
    await noJs.goto(`${bank.url}/dashboard?from=2026-06-30&to=2026-06-30`);
    assert.equal(await row(noJs).count(), 0, "not on 30 June");

    await page.goto(`${bank.url}/dashboard?from=2026-07-01&to=2026-07-01`);
    await hydrated(page);
    assert.equal(await row(page).count(), 1, "after hydration: still on 1 July");
    assert.equal(await shown(page), "01.07.2026 24:30");
    assert.deepEqual(seen.problems, [], "no hydration mismatch");
    await plain.close();
    await context.close();
  });
});
