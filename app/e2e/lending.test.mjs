// Issue 30: finance and card acceptance in the browser. A business loan: On the desktop the business applies from the side
// menu (with its details shared by consent), goes on to the sandbox lender's page, which offers
// the amount, and comes back to 'Eligible for a loan' with the offer; on the phone the same
// person continues with the lender, accepts, and sees the money arrive on the dashboard. A
// personal customer is offered no loans. Card acceptance: the business applies through Decta's
// sandbox, answers its question, and on the phone signs the agreement and sees it active. A
// mortgage: the basic step prefilled (going back asks first), the finances saved one by one
// (ONLY_ONE and IN_EDIT refused), submitted, offered, and followed on the phone. Factoring: the
// demo's unpaid invoice on 30 days' terms financed, its advance paid in.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  choose,
  DESKTOP,
  expectAccessible,
  expectHeading,
  hydrated,
  launchBrowser,
  logInWithSms,
  MOBILE,
  startBank,
  waitToSee,
  watch,
} from "./bank.mjs";

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];
const TOM = ["tom@demo.harbour.example", "Harbour2026", "+447700900002"];

let bank;
let browser;

before(async () => {
  [bank, browser] = await Promise.all([startBank(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

async function gbpBalance(page) {
  return page.evaluate(async () => {
    const reply = await fetch("/v2/bank-accounts/fetch", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    return (await reply.json()).results.find((a) => a.currency === "GBP").balance.booked;
  });
}

describe("a business loan on desktop", () => {
  it("applies with its details shared and is offered the amount by the lender", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Business Loans");
    await expectHeading(page, "Business Loans");
    await hydrated(page);
    // Nothing chosen: each field says so, and nothing is sent to a lender.
    await page.click("button:text('Apply')");
    await waitToSee(page, "text=Field is required");
    assert.equal(await page.locator(".field-invalid").count(), 4);
    await page.fill("input[name=amount]", "25000");
    await choose(page, "termMonths", "12");
    await choose(page, "purpose", "Equipment");
    await page.fill("input[name=monthlyTurnover]", "40000");
    assert.ok(await page.isChecked("input[name=shareData]"), "sharing is offered, ticked");
    // The last list closes with a fade: judged once it is gone.
    await page.waitForSelector("[role=listbox]", { state: "detached" });
    await expectAccessible(page, "/loans form");
    await page.click("button:text('Apply')");

    // The lender's page has what the bank shared with consent.
    await page.waitForURL(/\/sandbox\/lender\?token=/);
    await waitToSee(page, "text=Your application for £25,000.00");
    assert.ok(await page.isVisible("text=company number"));
    assert.ok(await page.isVisible("text=Money in by month, 12 months"));
    await page.click("button:text('Offer £25,000.00')");

    await page.waitForURL(`${bank.url}/loans`);
    await hydrated(page);
    await waitToSee(page, ".loan-status >> text=Eligible for a loan");
    assert.ok(await page.isVisible("dd:text('£25,000.00')"), "the offer");
    assert.ok(await page.isVisible("text=You can apply again from"), "SPEC §8's three months");
    assert.equal(await page.locator("form.loan-form").count(), 0);
    await page.click("summary:text('What we shared with the lender')");
    await waitToSee(page, "text=Directors: Olivia Bennett");
    await expectAccessible(page, "/loans status");
    // The empty form's refusal is the only thing the console reports.
    assert.deepEqual(
      seen.problems.filter((problem) => !problem.includes("status of 422")),
      [],
    );
    await context.close();
  });
});

describe("a business loan on the phone", () => {
  it("continues with the lender, accepts, and sees the money on the dashboard", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const before = await gbpBalance(page);
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=Business Loans");
    await expectHeading(page, "Business Loans");
    await hydrated(page);
    await page.click("text=Continue with the lender");
    await page.waitForURL(/\/sandbox\/lender/);
    await page.click("button:text('Accept the offer and pay out £25,000.00')");
    await page.waitForURL(`${bank.url}/loans`);
    await waitToSee(page, ".loan-status >> text=Approved");
    assert.ok(await page.isVisible("text=The lender has paid the money into your GBP account."));
    assert.equal(await page.locator("text=Continue with the lender").count(), 0);

    await page.click("text=See the payment");
    await page.waitForURL(/\/dashboard\?txn=/);
    await waitToSee(page, "text=Harbour Sandbox Lending");
    assert.equal(Math.round((await gbpBalance(page)) - before), 25000, "paid in once");
    await context.close();
  });

  it("offers a personal customer no loans", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...TOM);
    await page.click("summary[aria-label='Menu']");
    await page.waitForSelector(".drawer-panel");
    assert.equal(await page.locator(".drawer-panel >> text=Business Loans").count(), 0);
    await page.goto(`${bank.url}/loans`);
    await page.waitForURL(`${bank.url}/dashboard`);
    await context.close();
  });
});

describe("card acceptance on desktop", () => {
  it("applies, answers the acquirer's question, and is sent the agreement", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Merchant");
    await expectHeading(page, "Merchant");
    await hydrated(page);
    await page.click("button:text('Start Applying')");
    await page.fill("input[name=companyWebsite]", "bennett hale");
    await choose(page, "potentialTurnover", "10000-50000");
    await page.fill("input[name='potentialGeographyPercentRatio.uk']", "70");
    await page.fill("input[name='potentialGeographyPercentRatio.eea']", "20");
    await page.fill("textarea[name=businessDescription]", "Office furniture sold online");
    await page.click("button:text('Apply')");
    await waitToSee(page, "text=Invalid URL");
    assert.ok(await page.isVisible("text=The shares must add up to 100"));
    await page.fill("input[name=companyWebsite]", "bennett-hale.example");
    await page.fill("input[name='potentialGeographyPercentRatio.eea']", "30");
    await page.waitForSelector("[role=listbox]", { state: "detached" });
    await expectAccessible(page, "/merchant form");
    await page.click("button:text('Apply')");
    await waitToSee(page, ".loan-status >> text=Pending");

    await page.click("text=Continue with Decta");
    await page.waitForURL(/\/sandbox\/acquirer/);
    await page.click("button:text('Ask for more information')");
    await page.waitForURL(`${bank.url}/merchant`);
    await hydrated(page);
    await waitToSee(page, "text=Additional information required");
    assert.ok(await page.isVisible("text=your refund policy"));
    await page.fill(
      "textarea[name=businessDescription]",
      "Office furniture, delivered by courier; refunds within 30 days",
    );
    await page.click("button:text('Send your answer')");
    await waitToSee(page, ".loan-status >> text=Pending");

    await page.click("text=Continue with Decta");
    await page.click("button:text('Send the agreement')");
    await page.waitForURL(`${bank.url}/merchant`);
    await waitToSee(page, ".loan-status >> text=Agreement sent");
    await expectAccessible(page, "/merchant status");
    assert.deepEqual(seen.problems, []);
    await context.close();
  });
});

describe("card acceptance on the phone", () => {
  it("signs the agreement and accepts cards", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=Merchant");
    await expectHeading(page, "Merchant");
    await page.click("text=Sign the agreement with Decta");
    await page.click("button:text('Sign the agreement as the business')");
    await page.waitForURL(`${bank.url}/merchant`);
    await waitToSee(page, "text=You accept cards");
    assert.match(await page.locator("dd").first().innerText(), /^DM-/);
    await context.close();
  });
});

describe("a mortgage on desktop", () => {
  it("saves its steps, is refused with one finance or an unsaved edit, then is submitted", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Mortgage");
    await expectHeading(page, "Mortgage");
    await hydrated(page);
    await page.click("a.button:text-is('Start')");
    await waitToSee(page, "h2:text-is('Your business')");
    assert.equal(await page.inputValue("input[name=companyName]"), "Bennett & Hale Trading Ltd");
    assert.match(await page.inputValue("input[name=companyNumber]"), /^\d{8}$/);
    await page.click("text=UK National");
    await choose(page, "periodAsDirector", "More than 3 years");
    await page.fill("input[name='directors.0.numberOfShares']", "600");
    await page.click("button:text('Add a shareholder')");
    await page.fill("input[name='shareholders.0.name']", "Sam Hale");
    await page.click("button:text('Save and continue')");
    await waitToSee(page, "text=Field is required");
    await page.fill("input[name='shareholders.0.numberOfShares']", "400");
    await page.click("button:text('Save and continue')");
    await waitToSee(page, 'h2:text("The business\'s finances")');

    // Back to the first step, then back from it: saved data, so it asks first.
    await page.click("a:text('Back')");
    await waitToSee(page, "h2:text-is('Your business')");
    await page.click("button:text('Back')");
    await waitToSee(page, "text=Leave this step?");
    await page.click("button:text('Stay')");
    assert.ok(await page.isVisible("h2:text-is('Your business')"));
    await page.click("button:text('Save and continue')");
    await waitToSee(page, 'h2:text("The business\'s finances")');

    await page.fill("input[name=reason]", "A warehouse of our own");
    await page.fill("input[name='business.borrowAmount']", "250000");
    await choose(page, "business.operationPeriod", "More than 3 years");
    await page.fill("input[name='business.pastThreeYearsNetProfit']", "180000");
    await choose(page, "industry", "manufacturing");
    await page.click('button:text("Save the business\'s finances")');
    await waitToSee(page, "form[aria-labelledby=business-finances-title] >> text=Saved");
    await page.click("button:text('Submit the application')");
    await waitToSee(
      page,
      "text=Save both your business finances and the property's finances before you submit.",
    );

    await page.click("text=Occupy the property");
    await page.fill("input[name=cost]", "400000");
    await page.fill("input[name='property.borrowAmount']", "300000");
    await page.fill("input[name=address]", "Unit 4, Riverside, Leeds LS1 4AP");
    await page.fill("input[name=description]", "Two-storey warehouse with a yard");
    await choose(page, "property.operationPeriod", "More than 3 years");
    await page.fill("input[name='property.pastThreeYearsNetProfit']", "180000");
    await page.click("button:text('Submit the application')");
    await waitToSee(page, "text=Save or discard your changes before you submit.");
    await page.click('button:text("Save the property\'s finances")');
    await waitToSee(page, "form[aria-labelledby=property-finances-title] >> text=Saved");
    await page.waitForSelector("[role=listbox]", { state: "detached" });
    await expectAccessible(page, "/mortgage finance");
    await page.click("button:text('Submit the application')");

    await page.waitForURL(/\/sandbox\/lender/);
    await waitToSee(page, "text=Your application for £300,000.00");
    await page.click("button:text('Offer £300,000.00')");
    await page.waitForURL(`${bank.url}/mortgage`);
    await waitToSee(page, ".loan-status >> text=Eligible for a loan");
    assert.ok(await page.isVisible("dd:text('Commercial mortgage')"));
    assert.deepEqual(
      seen.problems.filter((problem) => !problem.includes("status of 422")),
      [],
    );
    await context.close();
  });
});

describe("a mortgage on the phone", () => {
  it("follows the submitted mortgage from the side menu", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=Mortgage");
    await expectHeading(page, "Mortgage");
    await waitToSee(page, ".loan-status >> text=Eligible for a loan");
    assert.ok(await page.isVisible("text=You can apply again from"));
    await expectAccessible(page, "/mortgage status on the phone");
    await context.close();
  });
});

describe("factoring on the phone", () => {
  it("finances an unpaid invoice and is paid the advance", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const before = await gbpBalance(page);
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=Factoring");
    await expectHeading(page, "Factoring");
    await hydrated(page);
    await page.click("button:text('Apply for an advance')");
    await waitToSee(page, "text=Choose the invoices to finance");
    await page.click("text=INV-0002");
    const advance = await page.locator("dt:text('Advance up to') + dd").innerText();
    assert.match(advance, /^£[\d,]+\.\d{2}$/);
    await expectAccessible(page, "/factoring");
    await page.click("button:text('Apply for an advance')");
    await page.waitForURL(/\/sandbox\/lender/);
    await waitToSee(page, `button:text('Offer ${advance}')`);
    await page.click(`button:text('Offer ${advance}')`);
    await page.waitForURL(`${bank.url}/factoring`);
    await page.click("text=Continue with the lender");
    await page.click(`button:text('Accept the offer and pay out ${advance}')`);
    await page.waitForURL(`${bank.url}/factoring`);
    await waitToSee(page, ".loan-status >> text=Approved");
    assert.ok(await page.isVisible("text=Invoices: INV-0002"));
    assert.ok(await page.isVisible("text=No invoices to finance"), "financed once");
    const paid = Number(advance.replace(/[£,]/g, ""));
    assert.equal(Math.round(((await gbpBalance(page)) - before) * 100), Math.round(paid * 100));
    await context.close();
  });
});
