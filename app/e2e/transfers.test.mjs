// Issue 11: transfers in the browser, desktop and mobile. A UK local transfer to another
// customer of the bank approved by SMS (the payee sees it arrive), a SWIFT transfer the bank
// re-routes by SEPA through the scheme modal and then repeats from its detail, a SWIFT transfer
// with an attachment, and a saved recipient paid with JavaScript disabled.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  choose,
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
const TOM = ["tom@demo.harbour.example", "Harbour2026", "+447700900002"];

let bank;
let browser;

before(async () => {
  bank = await startBank({
    BANK_SETTLEMENT_LOCAL_MS: "300",
    BANK_SETTLEMENT_SEPA_MS: "300",
    BANK_SETTLEMENT_SWIFT_MS: "300",
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

/** The code of the newest transfer approval texted to `phone`; the text names the transfer. */
async function transferCode(phone, expected) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(phone)}`)).text();
  const match = /<pre class="outbox-body">(Approve [^<]*?) with code (\d{6})/.exec(html);
  if (!match) throw new Error(`no transfer approval was sent to ${phone}`);
  if (expected) assert.match(match[1].replaceAll("&amp;", "&"), expected);
  return match[2];
}

/** A one-page PDF with its cross-reference table: the bank parses what it is sent. */
function onePagePdf() {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let pdf = "%PDF-1.7\n";
  const offsets = objects.map((object, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf);
}

async function typeCode(page, code) {
  await page.fill("[aria-label='Digit 1 of 6']", code[0]);
  await page.keyboard.type(code.slice(1));
}

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

/** The review's value for a term. */
const reviewed = (page, term) =>
  page
    .locator(".review .details-row", { has: page.locator(`dt:text-is('${term}')`) })
    .locator("dd")
    .textContent();

async function approveBySms(page, phone, expected) {
  await page.click("button:text('Continue')");
  await page.waitForSelector("text=Total");
  assert.ok(await page.isVisible("text=Step 3 of 5"));
  await page.click("button:text('Approve and send')");
  await page.waitForSelector("text=Approve the transfer");
  await typeCode(page, await transferCode(phone, expected));
}

describe("transfers on desktop", () => {
  it("pays another customer by UK local transfer, approved by SMS; the payee sees it arrive", async () => {
    const tomContext = await browser.newContext(MOBILE);
    const tomPage = await tomContext.newPage();
    await logInWithSms(tomPage, bank, ...TOM);
    const tomGbp = (await accountsOf(tomPage)).find((a) => a.currency === "GBP");

    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("text=Send money");
    await page.waitForURL(/\/transfer\/1$/);
    await hydrated(page);
    // Step 1 of 5: how much. More than the account holds is refused here, before the payee.
    await expectHeading(page, "How much, and from where");
    assert.ok(await page.isVisible("text=Step 1 of 5"));
    await page.fill("input[name=amount]", "99999999");
    await page.click("button:text('Continue')");
    await page.waitForSelector("text=Select right amount");
    await page.fill("input[name=amount]", "1234.5");
    assert.equal(await page.inputValue("input[name=amount]"), "1,234.5", "the kit's separators");
    await page.click("button:text('Continue')");
    // Step 2: the payee, its heading focused at the top of the page.
    await expectHeading(page, "Who you are paying");
    assert.ok(await page.isVisible("text=Step 2 of 5"));
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Who you are paying");
    await page.fill("input[name=name]", "Tom Fischer");
    await page.check("input[name=type][value=private]");
    await page.fill("input[name=ukSortCode]", tomGbp.ukSortCode);
    await page.fill("input[name=ukAccountNumber]", tomGbp.ukAccountNumber);
    await page.fill("input[name=details]", "Café £ refund");
    await page.click("button:text('Continue')");
    await page.waitForSelector("text=Input contains invalid symbols");
    await page.fill("input[name=details]", "Lunch 42");
    await page.fill("input[name=alias]", "Tom");
    await page.check("input[name=saveAsTemplate]");
    // The review names everything the payer agrees to, and the bank's own records confirm the
    // payee's name.
    await page.click("button:text('Continue')");
    await expectHeading(page, "Check and send");
    await page.waitForSelector("text=Name checked");
    assert.equal(await reviewed(page, "You send"), "£1,234.50");
    assert.equal(await reviewed(page, "Fee"), "£0.20");
    assert.equal(await reviewed(page, "Total"), "£1,234.70");
    assert.equal(await reviewed(page, "To"), "Tom Fischer");
    assert.match(
      await reviewed(page, "Account"),
      new RegExp(`^Sort code \\d{2}-\\d{2}-\\d{2}, account ${tomGbp.ukAccountNumber}$`),
    );
    assert.equal(await reviewed(page, "Reference"), "Lunch 42");
    assert.equal(await reviewed(page, "Payment type"), "UK Local Transfer");
    assert.equal(await reviewed(page, "Arrives"), "Today, usually within minutes");
    // Back goes to the payee with everything kept.
    await page.click("button:text('Back')");
    await expectHeading(page, "Who you are paying");
    assert.equal(await page.inputValue("input[name=details]"), "Lunch 42");
    await approveBySms(page, OLIVIA[2], /^Approve £1,234\.70 \(£1,234\.50 \+ £0\.20 fee\) to Tom Fischer$/);
    await page.waitForSelector("text=Transfer completed");
    await page.click("text=Back to your account");
    await page.waitForSelector(".txn-row >> text=Tom Fischer");
    assert.ok(await page.isVisible("text=You sent"), "the detail of the new transaction is open");

    await tomPage.goto(`${bank.url}/dashboard`);
    await hydrated(tomPage);
    await tomPage.waitForSelector(".txn-row >> text=Bennett");
    assert.deepEqual(seen.problems, []);
    await tomContext.close();
    await context.close();
  });

  it("offers SEPA for a SWIFT payment to a euro IBAN, then repeats it from its detail", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    const eur = (await accountsOf(page)).find((a) => a.currency === "EUR");
    await page.goto(`${bank.url}/transfer/${eur.id}`);
    await hydrated(page);
    await page.check("input[name=scheme][value=swift]");
    await page.fill("input[name=amount]", "25");
    await page.click("button:text('Continue')");
    await page.fill("input[name=name]", "Müller & Söhne GmbH");
    // The IBAN look-up names the bank and fills the BIC, as on Add recipient.
    await page.fill("input[name=iban]", "DE89 3704 0044 0532 0130 00");
    await page.waitForSelector("text=Commerzbank");
    assert.equal(await page.inputValue("input[name=bic]"), "COBADEFFXXX");
    await choose(page, "swiftAddress.country", "DE");
    await page.fill("input[name='swiftAddress.address1']", "Kaiserstrasse");
    await page.fill("input[name='swiftAddress.buildingNumber']", "16");
    await page.fill("input[name='swiftAddress.city']", "Frankfurt");
    await page.fill("input[name=details]", "RE-2026-11");
    await page.click("button:text('Continue')");
    await page.waitForSelector("text=Use SEPA?");
    await page.click("button:text('Apply')");
    await page.waitForSelector("text=Total");
    assert.ok(await page.isVisible("dd:text('SEPA')"));
    assert.match(await reviewed(page, "Arrives"), /^(Tomorrow, )?[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
    await page.click("button:text('Approve and send')");
    await page.waitForSelector("text=Approve the transfer");
    await typeCode(
      page,
      await transferCode(OLIVIA[2], /^Approve €25\.50 \(€25\.00 \+ €0\.50 fee\) to Müller & Söhne GmbH$/),
    );
    await page.waitForSelector("text=Transfer sent");
    await page.click("text=Back to your account");
    await page.waitForSelector("text=pain.001 (ISO 20022)");
    await page.click("text=Repeat Transfer");
    await page.waitForURL(/repeat=/);
    await hydrated(page);
    assert.equal(await page.inputValue("input[name=amount]"), "25");
    assert.ok(await page.isChecked("input[name=scheme][value=sepa]"));
    await page.click("button:text('Continue')");
    assert.equal(await page.inputValue("input[name=name]"), "Müller & Söhne GmbH");
    await approveBySms(page, OLIVIA[2], /^Approve €25\.50 \(€25\.00 \+ €0\.50 fee\) to Müller & Söhne GmbH$/);
    await page.waitForSelector("text=Transfer sent");
    assert.deepEqual(seen.problems, []);
    await context.close();
  });
});

/** From the dashboard's GBP account to a UK payee of the sandbox's Confirmation of Payee
 * register, up to the review. */
async function toReview(page, name, type, accountNumber) {
  await page.goto(`${bank.url}/transfer/1`);
  await hydrated(page);
  await page.fill("input[name=amount]", "12");
  await page.click("button:text('Continue')");
  await expectHeading(page, "Who you are paying");
  await page.fill("input[name=name]", name);
  await page.check(`input[name=type][value=${type}]`);
  await page.fill("input[name=ukSortCode]", "200000");
  await page.fill("input[name=ukAccountNumber]", accountNumber);
  await page.fill("input[name=details]", "Order 7");
  await page.click("button:text('Continue')");
  await expectHeading(page, "Check and send");
}

/** The open transaction's detail row for a term. */
const detailOf = (page, term) =>
  page
    .locator(".txn-detail .details-row", { has: page.locator(`dt:text-is('${term}')`) })
    .locator("dd")
    .textContent();

describe("Confirmation of Payee", () => {
  it("offers the name a close match is held in, and the transfer goes with it (desktop)", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await toReview(page, "Acme Suplies", "company", "12345678");
    await page.waitForSelector("text=The name is a close match");
    assert.ok(await page.isVisible("text=Did you mean Acme Supplies Ltd?"));
    assert.ok(await page.isDisabled("button:text('Approve and send')"), "not without a word or the name");
    await page.click("button:text('Use Acme Supplies Ltd')");
    await page.waitForSelector("text=Name checked");
    assert.equal(await reviewed(page, "To"), "Acme Supplies Ltd");
    await page.click("button:text('Approve and send')");
    await page.waitForSelector("text=Approve the transfer");
    await typeCode(page, await transferCode(OLIVIA[2], /to Acme Supplies Ltd$/));
    await page.waitForSelector("text=Transfer sent");
    await page.click("text=Back to your account");
    await page.waitForSelector(".txn-detail >> text=Name check");
    assert.equal(await detailOf(page, "Name check"), "The name matched the account");
    assert.deepEqual(seen.problems, []);
    await context.close();
  });

  it("pays after no match only when the payer says so, and shows it on the transaction (phone)", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    await toReview(page, "Wrong Person", "private", "87654321");
    await page.waitForSelector("text=The name does not match");
    assert.ok(await page.isDisabled("button:text('Approve and send')"));
    await page.check("input[name=payeeRiskAccepted]");
    await page.click("button:text('Approve and send')");
    await page.waitForSelector("text=Approve the transfer");
    await typeCode(page, await transferCode(OLIVIA[2], /to Wrong Person$/));
    await page.waitForSelector("text=Transfer sent");
    await page.click("text=Back to your account");
    await page.waitForSelector(".txn-detail >> text=Name check");
    assert.equal(await detailOf(page, "Name check"), "The name did not match the account");
    assert.equal(await detailOf(page, "Your decision"), "You chose to pay this account");
    assert.deepEqual(seen.problems, []);
    await context.close();
  });
});

describe("transfers on mobile", () => {
  it("sends a SWIFT transfer with an attachment, checked by content", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    const seen = watch(page);
    await logInWithSms(page, bank, ...OLIVIA);
    const usd = (await accountsOf(page)).find((a) => a.currency === "USD");
    await page.goto(`${bank.url}/transfer/${usd.id}`);
    await hydrated(page);
    assert.ok(await page.isChecked("input[name=scheme][value=swift]"), "USD goes by SWIFT");
    await page.fill("input[name=amount]", "80");
    await page.click("button:text('Continue')");
    await page.fill("input[name=name]", "Hudson Supply Inc");
    await page.fill("input[name=iban]", "000123456789");
    await page.fill("input[name=bic]", "CHASUS33");
    await page.fill("input[name=routingCode]", "021000021");
    await choose(page, "swiftAddress.country", "US");
    await page.fill("input[name='swiftAddress.address1']", "Park Avenue");
    await page.fill("input[name='swiftAddress.buildingNumber']", "270");
    await page.fill("input[name='swiftAddress.city']", "New York");
    await page.fill("input[name=details]", "PO 7781");
    await page.setInputFiles("#transfer-attachment", {
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("MZ this is not a pdf"),
    });
    await page.waitForSelector("text=Only pdf, jpg, jpeg, png and docx files can be attached");
    await page.setInputFiles("#transfer-attachment", {
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: onePagePdf(),
    });
    await page.waitForSelector(".attachments >> text=invoice.pdf");
    // The hidden file input behind the kit's button never widens the page.
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      true,
      "the page scrolls sideways",
    );
    await approveBySms(
      page,
      OLIVIA[2],
      /^Approve \$100\.00 \(\$80\.00 \+ \$20\.00 fee\) to Hudson Supply Inc$/,
    );
    await page.waitForSelector("text=Transfer sent");
    // The refused upload's 422 is the one the test provoked.
    assert.deepEqual(
      seen.problems.filter((p) => !p.includes("status of 422")),
      [],
    );
    await context.close();
  });
});

describe("a transfer before the JavaScript arrives", () => {
  it("pays a saved recipient with plain forms and the SMS code", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    const gbp = (await accountsOf(page)).find((a) => a.currency === "GBP");
    const before = gbp.balance.booked;
    const plain = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const noJs = await plain.newPage();
    await noJs.goto(`${bank.url}/recipients`);
    await noJs.click("[aria-label='Pay Tom Fischer']");
    await noJs.waitForURL(/\/transfer\/1\?recipient=/);
    // A refusal answers with the form again: what was typed kept, the failing field marked, and
    // nothing of the payee in the address.
    await noJs.fill("input[name=amount]", "99999999");
    await noJs.click("button:text('Continue')");
    await noJs.waitForSelector("text=Select right amount");
    assert.equal(new URL(noJs.url()).search, "");
    assert.equal(await noJs.inputValue("input[name=amount]"), "99,999,999");
    assert.equal(await noJs.getAttribute("input[name=amount]", "aria-invalid"), "true");
    await noJs.fill("input[name=amount]", "10.00");
    await noJs.click("button:text('Continue')");
    // Step 2, the payee, as once hydrated: the saved recipient chosen, the amount carried.
    await noJs.waitForSelector("h1:text('Who you are paying')");
    assert.ok(await noJs.isVisible("text=Step 2 of 5"));
    assert.match(
      await noJs.textContent("select[name=recipientId] option:checked"),
      /^Tom · /,
      "the saved recipient (its alias)",
    );
    assert.equal(await noJs.inputValue("input[type=hidden][name=amount]"), "10.00");
    // Back shows the amount again, as typed; Continue returns to the payee.
    await noJs.click("button:text('Back')");
    await noJs.waitForSelector("h1:text('How much, and from where')");
    assert.equal(await noJs.inputValue("input[name=amount]"), "10.00");
    await noJs.click("button:text('Continue')");
    await noJs.waitForSelector("h1:text('Who you are paying')");
    // Enter in a field continues (the step's first button), it does not go back.
    await noJs.press("input[name=details]", "Enter");
    // The approval page shows the fee and the total before the code, in one field.
    await noJs.waitForSelector("h1:text('Approve the transfer')");
    assert.equal(new URL(noJs.url()).pathname, "/transfer/1", "the answer to the post, not a redirect");
    assert.equal(new URL(noJs.url()).search, "");
    assert.equal(await reviewed(noJs, "Fee"), "£0.20");
    assert.equal(await reviewed(noJs, "Total"), "£10.20");
    assert.equal(await reviewed(noJs, "To"), "Tom Fischer");
    assert.equal(await reviewed(noJs, "Arrives"), "Today, usually within minutes");
    const code = await transferCode(OLIVIA[2], /^Approve £10\.20 \(£10\.00 \+ £0\.20 fee\) to Tom Fischer$/);
    await noJs.fill("input[autocomplete=one-time-code]", code);
    await noJs.click("button:text('Approve and send')");
    await noJs.waitForURL(/\/dashboard\?account=.*&txn=/);
    assert.ok(await noJs.isVisible("text=You sent"));
    const after = (await accountsOf(page)).find((a) => a.currency === "GBP");
    assert.equal(Math.round((before - after.balance.booked) * 100), 1020, "paid once, with the 20p fee");
    await plain.close();
    await context.close();
  });
});
