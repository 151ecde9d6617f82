// Issue 31 point 6: writing to support from the side menu's Contact Us, desktop and phone. The
// form knows who is writing, checks SPEC §5's fields, and the message is acknowledged by email.
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
  waitToSee,
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

describe("contact us", () => {
  it("sends a message on the desktop and it is acknowledged by email", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Contact Us");
    await expectHeading(page, "Contact Us");
    await hydrated(page);
    assert.equal(await page.inputValue("input[name=email]"), OLIVIA[0], "who is writing, filled in");
    await page.fill("input[name=subject]", "A card that did not arrive");
    await page.fill("textarea[name=request]", "I ordered a card two weeks ago and it has not come.");
    await expectAccessible(page, "/contact-us");
    await page.click("button:text('Send')");
    await waitToSee(page, "text=Message sent successfully");
    assert.equal(await page.inputValue("input[name=subject]"), "", "ready for another");
    const outbox = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(OLIVIA[0])}`)).text();
    assert.match(outbox, /We have your message: A card that did not arrive/);
    await context.close();
  });

  it("says what is missing on the phone", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...TOM);
    await page.click("summary[aria-label='Menu']");
    await page.click(".drawer-panel >> text=Contact Us");
    await expectHeading(page, "Contact Us");
    await hydrated(page);
    await page.fill("input[name=phone]", "+44 7700 900002 123456");
    await page.click("button:text('Send')");
    await waitToSee(page, "text=Phone number is out of range");
    assert.equal(await page.locator("text=Field is required").count(), 2, "subject and request");
    await context.close();
  });
});
