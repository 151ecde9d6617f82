// Issue 11 (so far, recipients): a customer adds a recipient of each kind, edits one and deletes
// one, on desktop and mobile; the IBAN look-up names the bank and fills its BIC.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { choose, DESKTOP, hydrated, launchBrowser, logInWithSms, MOBILE, startBank, watch } from "./bank.mjs";

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

async function add(page, fill) {
  await page.click("text=Add recipient");
  await page.waitForSelector("h1:text('Add recipient')");
  await fill();
  await page.click("button:text('Save')");
  await page.waitForSelector("text=Recipient has been successfully added");
}

for (const [name, device, phone] of [
  ["desktop", DESKTOP, "+447700900001"],
  ["mobile", MOBILE, "+447700900001"],
]) {
  describe(`recipients on ${name}`, () => {
    it("adds one of each kind, edits and deletes", async () => {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const seen = watch(page);
      await logInWithSms(page, bank, "olivia@demo.harbour.example", "Harbour2026", phone);
      await page.goto(`${bank.url}/recipients`);
      await hydrated(page);

      await add(page, async () => {
        // The primary account is GBP: UK local is the default.
        assert.ok(await page.isChecked("input[name=scheme][value=local]"));
        await page.fill("input[name=name]", `Acme Supplies ${name}`);
        await page.fill("input[name=ukSortCode]", "2000");
        await page.fill("input[name=ukAccountNumber]", "55779911");
        await page.click("button:text('Save')");
        await page.waitForSelector("text=The sort code must contain 6 digits");
        await page.fill("input[name=ukSortCode]", "20-00-00");
      });

      // Confirmation of Payee before a UK recipient is kept: a close match is offered, and taken.
      await add(page, async () => {
        await page.fill("input[name=name]", "Acme Suplies");
        await page.fill("input[name=ukSortCode]", "20-00-00");
        await page.fill("input[name=ukAccountNumber]", "12345678");
        await page.click("button:text('Save')");
        await page.waitForSelector("text=Did you mean Acme Supplies Ltd?");
        await page.click("button:text('Use Acme Supplies Ltd')");
        assert.equal(await page.inputValue("input[name=name]"), "Acme Supplies Ltd");
      });

      await add(page, async () => {
        await page.check("input[name=scheme][value=sepa]");
        await page.check("input[name=type][value=private]");
        await page.fill("input[name=name]", `Jonas Müller ${name}`);
        await page.fill("input[name=iban]", "DE89 3704 0044 0532 0130 00");
        // The look-up names the bank and fills the BIC.
        await page.waitForSelector("text=Commerzbank");
        assert.equal(await page.inputValue("input[name=bic]"), "COBADEFFXXX");
      });

      await add(page, async () => {
        await page.check("input[name=scheme][value=swift]");
        await page.fill("input[name=name]", `Chase Client ${name}`);
        await page.fill("input[name=iban]", "123456789");
        await page.fill("input[name=bic]", "CHASUS33");
        await choose(page, "currency", "USD");
        await choose(page, "country", "US");
        await page.fill("input[name=address1]", "Park Avenue");
        await page.fill("input[name=buildingNumber]", "383");
        await page.fill("input[name=city]", "New York");
        await page.click("button:text('Save')");
        await page.waitForSelector("text=Routing Code is invalid");
        await page.fill("input[name=routingCode]", "021000021");
      });

      await page.click(`[aria-label='Edit Acme Supplies ${name}']`);
      await page.waitForSelector("h1:text('Edit recipient')");
      await page.fill("input[name=alias]", `Acme ${name}`);
      await page.click("button:text('Save')");
      await page.waitForSelector("text=Recipient has been successfully saved");
      assert.ok(await page.isVisible(`text=Acme ${name}`));

      page.once("dialog", (dialog) => dialog.accept());
      await page.click(`[aria-label='Delete Chase Client ${name}']`);
      await page.waitForSelector("text=Recipient has been successfully deleted");
      // The list is fetched again after the message: the row goes once it has arrived.
      await page.locator(`text=Chase Client ${name}`).waitFor({ state: "hidden" });
      assert.deepEqual(seen.problems, []);
      await context.close();
    });
  });
}
