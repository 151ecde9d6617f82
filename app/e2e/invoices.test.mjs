// Issue 29: invoicing in the browser, desktop and phone. A new client, an invoice with two
// items and a percent discount, its preview, sending it (the email with the PDF and the
// e-invoice in the outbox), paying it from another demo customer with its reference, and seeing
// it paid; on the phone from the side menu's Invoicing group, paid in two parts; and a draft
// saved with JavaScript disabled, an item added by the form's own post.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  expectAccessible,
  expectHeading,
  hydrated,
  launchBrowser,
  logInWithSms,
  MOBILE,
  startBank,
  typeCode,
  watch,
} from "./bank.mjs";

const OLIVIA = ["olivia@demo.harbour.example", "Harbour2026", "+447700900001"];
const TOM = ["tom@demo.harbour.example", "Harbour2026", "+447700900002"];

let bank;
let browser;

before(async () => {
  [bank, browser] = await Promise.all([startBank({ BANK_SETTLEMENT_LOCAL_MS: "300" }), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

async function call(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const reply = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return reply.json();
    },
    [method, path, body],
  );
}

/** What the sandbox outbox shows for `to`: subjects and attachment names, newest first. */
async function outbox(to) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  return {
    html,
    attachments: [...html.matchAll(/download="([^"]+)"/g)].map((m) => m[1]),
  };
}

async function fillItem(page, index, description, hours, price) {
  await page.fill(`input[name='items.${index}.description']`, description);
  await page.fill(`input[name='items.${index}.quantityHours']`, hours);
  await page.fill(`input[name='items.${index}.price']`, price);
}

/** The SMS code of the newest transfer approval texted to `phone`. */
async function transferCode(phone) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(phone)}`)).text();
  const match = /<pre class="outbox-body">Approve [^<]*? with code (\d{6})/.exec(html);
  if (!match) throw new Error(`no transfer approval was sent to ${phone}`);
  return match[1];
}

/** Tom pays `amount` into Bennett & Hale's pound account by UK local transfer, quoting `reference`. */
async function tomPays(amount, reference, account) {
  const context = await browser.newContext(MOBILE);
  const page = await context.newPage();
  await logInWithSms(page, bank, ...TOM);
  await page.goto(`${bank.url}/transfer/1`);
  await hydrated(page);
  await page.fill("input[name=amount]", amount);
  await page.click("button:text('Continue')");
  await expectHeading(page, "Who you are paying");
  await page.fill("input[name=name]", "Bennett & Hale Trading Ltd");
  await page.fill("input[name=ukSortCode]", account.ukSortCode);
  await page.fill("input[name=ukAccountNumber]", account.ukAccountNumber);
  await page.fill("input[name=details]", reference);
  await page.click("button:text('Continue')");
  await expectHeading(page, "Check and send");
  await page.click("button:text('Approve and send')");
  await page.waitForSelector("text=Approve the transfer");
  await typeCode(page, await transferCode(TOM[2]));
  await page.waitForSelector("text=Transfer completed");
  await context.close();
}

/** Opens a side menu item: the left column on the desktop, the drawer on the phone. */
async function fromMenu(page, layout, label) {
  if (layout === "mobile") await page.click("summary[aria-label='Menu']");
  await page.click(`nav >> text=${label}`);
}

/** Reloads the invoice until its chip reads `label` (the bank matches payments in the background). */
async function expectStatus(page, label) {
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.reload();
    await hydrated(page);
    if ((await page.textContent("h1 .chip")) === label) return;
    await page.waitForTimeout(500);
  }
  assert.equal(await page.textContent("h1 .chip"), label);
}

/** The whole flow a business follows, on either layout. */
async function billAndGetPaid(layout, client, email, figures) {
  const context = await browser.newContext(layout === "mobile" ? MOBILE : DESKTOP);
  const page = await context.newPage();
  const seen = watch(page);
  await logInWithSms(page, bank, ...OLIVIA);
  await fromMenu(page, layout, "My Contractors / Clients");
  await expectHeading(page, "My Contractors / Clients");
  await page.click("text=Add contractor/client");
  await expectHeading(page, "New contractor/client");
  await page.fill("input[name=name]", client);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=address1]", "4 Quay Street");
  await page.fill("input[name=city]", "Manchester");
  await page.click("button:text('Save')");
  await expectHeading(page, "My Contractors / Clients");
  // SPEC §8: a second client of the same name is refused with the server's words.
  await page.click("text=Add contractor/client");
  await page.fill("input[name=name]", client.toLowerCase());
  await page.fill("input[name=email]", "other@bright-ideas.example");
  await page.fill("input[name=address1]", "5 Quay Street");
  await page.fill("input[name=city]", "Manchester");
  await page.click("button:text('Save')");
  await page.waitForSelector("[role=alertdialog] >> text=Current contractor/client name already in use");
  await page.click("[role=alertdialog] button:text('Ok')");
  await page.click("text=Back");
  await page.click(`[aria-label='Invoice ${client}']`);
  await expectHeading(page, "New invoice");
  await page.waitForSelector(`.invoice-client >> text=${client}`);
  const number = await page.inputValue("input[name=number]");
  assert.match(number, /^INV-000[45]$/, "the next of the demo's series");
  await fillItem(page, 0, "Brand workshop", "7.5", "85");
  await page.click("button:text('Add item')");
  await fillItem(page, 1, "Printed samples", "1", figures.samples);
  await page.check("input[name=isDiscountApplied]");
  await page.check("input[name=discountType][value=percent]");
  await page.fill("input[name=discount]", "10");
  // The totals are the server's (domain/invoices/totals.rs), shown as the form changes.
  await page.waitForSelector(`.invoice-totals >> text=£${figures.total}`);
  await expectAccessible(page, "invoice form");
  await page.click("button:text('Preview')");
  await page.waitForSelector(`.invoice-sheet >> text=VAT invoice ${number}`);
  for (const text of [
    "Brand workshop",
    "Printed samples",
    "Discount (10%)",
    `-£${figures.discount}`,
    `£${figures.vat}`,
    `£${figures.total}`,
  ])
    assert.ok(await page.isVisible(`.invoice-sheet >> text=${text}`), text);
  const reference = (await page.textContent(".invoice-pay strong")).trim();
  assert.match(reference, new RegExp(`^RF\\d{2}${number.replace("-", "")}$`));
  await page.click("button:text('Send invoice')");
  await page.waitForURL(/\/invoice\/view\//);
  await page.waitForSelector("h1 >> text=Awaiting payment");

  const mail = await outbox(email);
  assert.ok(mail.html.includes(`VAT invoice ${number} from Bennett &amp; Hale Trading Ltd`));
  assert.deepEqual(mail.attachments, [`invoice-${number}.pdf`, `invoice-${number}.xml`]);

  const gbp = (await call(page, "POST", "/v2/bank-accounts/fetch", {})).results.find(
    (a) => a.currency === "GBP",
  );
  await tomPays(figures.total.replace(",", ""), reference.replace(/^(.{4})/, "$1 "), gbp);
  await expectStatus(page, "Paid");
  assert.ok(await page.isVisible("text=Payments received"));
  // The payment opens on the account's history, where it names the invoice.
  await page.click(".invoice-payments a");
  await page.waitForURL(/\/dashboard\?/);
  await page.click(`.txn-detail >> text=${number}`);
  await expectHeading(page, `${number} Paid`);
  // The one refusal asked for (the name in use) is the browser's only complaint.
  assert.deepEqual(
    seen.problems.filter((text) => !text.includes("409 (Conflict)")),
    [],
  );
  await context.close();
}

describe("invoicing, client to payment", () => {
  it("on the desktop: adds a client, invoices two items with a percent discount, sends it, and sees Tom's payment match it", () =>
    // 7.5 h × £85 + £1,200 = £1,837.50; 10% off: £1,653.75; VAT 20%: £330.75; £1,984.50.
    billAndGetPaid("desktop", "Bright Ideas Ltd", "bills@bright-ideas.example", {
      samples: "1200",
      discount: "183.75",
      vat: "330.75",
      total: "1,984.50",
    }));
  it("on the phone: the same, from the side menu", () =>
    // 7.5 h × £85 + £200 = £837.50; 10% off: £753.75; VAT 20%: £150.75; £904.50.
    billAndGetPaid("mobile", "Harbour Lights Studio", "hello@harbour-lights.example", {
      samples: "200",
      discount: "83.75",
      vat: "150.75",
      total: "904.50",
    }));
});

describe("invoicing on the phone", () => {
  it("opens from the side menu, saves a draft, sends it, and sees two part payments make it paid", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=New Invoice");
    await expectHeading(page, "New invoice");
    await page.click(".partner-choice >> text=Acme Trading Ltd");
    await page.waitForSelector(".invoice-form");
    await fillItem(page, 0, "Stock count", "4", "50");
    await page.uncheck("input[name=isVatApplied]");
    await page.waitForSelector(".invoice-totals >> text=£200.00");
    await page.click("button:text('Save draft')");
    await page.waitForURL(/\/invoice\/view\/.*saved=1/);
    await page.waitForSelector("text=Draft saved");
    assert.equal(await page.textContent("h1 .chip"), "Draft");
    await page.click("button:text('Send invoice')");
    await page.waitForSelector("h1 >> text=Awaiting payment");
    const reference = (await page.textContent(".invoice-standing dd")).trim();

    // Money in through the sandbox: part, then the rest.
    for (const amount of ["120", "80"]) {
      const gbp = (await call(page, "POST", "/v2/bank-accounts/fetch", {})).results.find(
        (a) => a.currency === "GBP",
      );
      const form = new URLSearchParams({ account: gbp.iban, amount, payer: "Acme Trading Ltd", reference });
      await fetch(`${bank.url}/dev/money-in`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: bank.url },
        body: form,
      });
      await expectStatus(page, amount === "120" ? "Partly paid" : "Paid");
    }
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=My Invoices");
    await expectHeading(page, "My Invoices");
    await expectAccessible(page, "invoice list");
    assert.deepEqual(seen.problems, []);
    await context.close();
  });
});

describe("invoicing without JavaScript", () => {
  it("saves a draft with two items from the plain form, and shows a refusal with the server's words", async () => {
    const signedIn = await browser.newContext(DESKTOP);
    const page = await signedIn.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const acme = (await call(page, "POST", "/v2/invoices/partners/fetch", {})).results.find(
      (p) => p.name === "Acme Trading Ltd",
    );
    const plain = await browser.newContext({
      ...DESKTOP,
      javaScriptEnabled: false,
      storageState: await signedIn.storageState(),
    });
    const form = await plain.newPage();
    await form.goto(`${bank.url}/invoice/new?cId=${acme.id}`);
    await form.waitForSelector(".invoice-client >> text=Acme Trading Ltd");
    await fillItem(form, 0, "Shelving", "2", "");
    await form.click("button:text('Add item')");
    await form.waitForSelector("input[name='items.1.description']");
    assert.equal(await form.inputValue("input[name='items.0.description']"), "Shelving", "kept");
    await fillItem(form, 1, "Fitting", "3", "40");
    await form.click("button:text('Save draft')");
    await form.waitForSelector("text=Please, select right amount");
    await form.fill("input[name='items.0.price']", "150");
    await form.click("button:text('Save draft')");
    await form.waitForURL(/\/invoice\/view\/.*saved=1/);
    await form.waitForSelector("text=Draft saved");
    assert.ok(await form.isVisible(".invoice-sheet >> text=Fitting"));
    assert.ok(await form.isVisible(".invoice-sheet >> text=£504.00"), "2×150 + 3×40, VAT 20%");
    await plain.close();
    await signedIn.close();
  });
});
