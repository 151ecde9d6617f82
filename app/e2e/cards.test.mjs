// Issue 14: a card's life in the browser, desktop and mobile: order it with a shipping address,
// watch it arrive on its own (delivery steps of 300 ms, the tracker asking again each second),
// activate it with its last four digits and a PIN, turn a control off and set a limit (each
// confirmed), freeze and unfreeze it, reveal its details with an SMS approval (hidden again on their timer),
// pay at a sandbox merchant and see the hold then the purchase, and close it as stolen. An owner
// gives an employee a corporate card from the phone; the employee accepts it from the emailed
// link, creating a login, and activates it when it arrives.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  expectAccessible,
  expectHeading,
  hydrated,
  latestCode,
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
  [bank, browser] = await Promise.all([
    startBank({ BANK_CARD_DELIVERY_STEP_MS: "300", BANK_CARD_DETAILS_S: "3" }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

/** The newest card approval code texted to `phone`. */
async function cardCode(phone) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(phone)}`)).text();
  const match = /your card ending \d{4}, enter (\d{6})/.exec(html);
  assert.ok(match, `no card approval code was sent to ${phone}`);
  return match[1];
}

async function cardLife(page, layout, [email, password, phone]) {
  const seen = watch(page);
  await logInWithSms(page, bank, email, password, phone);
  if (layout === "mobile") await page.click("summary[aria-label='Menu']");
  await page.click("a:text('My Cards')");
  await page.waitForURL(`${bank.url}/cards`);
  await expectHeading(page, "My Cards");
  await page.waitForSelector("text=You have no cards yet.");

  // Ordered to an address typed in; a missing postcode is named first.
  await page.click("text=Another address");
  await page.fill("input[name=addressLine1]", "20 Finsbury Circus");
  await page.fill("input[name=city]", "London");
  await page.click("button:text('Order card')");
  await page.waitForSelector(".field-error");
  await page.fill("input[name=postalCode]", "EC2M 7EA");
  await page.click("button:text('Order card')");
  await page.waitForSelector(".card-panel");
  assert.equal(await page.isVisible("button:text('Order card')"), false, "one live card at a time");
  // The tracker moves on by itself (the page asks again when the next step is due), through
  // every stop, without a reload.
  await page.waitForSelector(".tracker-current:has-text('Ordered'), .tracker-current:has-text('Being made')");
  await page.waitForSelector(".tracker-current:has-text('Arrived')", { timeout: 15000 });
  await page.waitForSelector(".card-panel .card-status:text('To activate')");
  assert.equal(await page.locator(".tracker-done").count(), 3);

  // Activation: a wrong last four is refused, the right one with a PIN activates.
  const lastFour = (await page.textContent(".card-facts h2")).trim().slice(-4);
  await page.click("text=Activate card");
  await page.waitForURL(/\/cards\/activate/);
  await expectHeading(page, "Activate your card");
  await hydrated(page);
  const wrong = lastFour === "0000" ? "1111" : "0000";
  await page.fill("input[name=lastDigits]", wrong);
  await page.fill("input[name=pin]", "4829");
  await page.fill("input[name=confirm]", "4829");
  await page.click("button:text('Activate')");
  await page.waitForSelector("text=These are not the last four digits of this card");
  await page.fill("input[name=lastDigits]", lastFour);
  await page.click("button:text('Activate')");
  await page.waitForURL(/\/cards\?card=/);
  const cardId = new URL(page.url()).searchParams.get("card");
  await page.waitForSelector(".card-panel .card-status:text('Active')");

  // A control switched off, and a daily limit over the card's ceiling refused: each confirmed.
  await page.click("[role=switch]:near(:text('Contactless'))");
  await page.waitForSelector(".toast:has-text('Contactless turned off')");
  await page.click("[role=switch]:near(:text('Contactless'))");
  await page.waitForSelector(".toast:has-text('Contactless turned on')");
  await page.fill("input[name=contactless_payment-limit]", "2500");
  assert.equal(await page.inputValue("input[name=contactless_payment-limit]"), "2,500");
  await page.click(".card-control:has(input[name=contactless_payment-limit]) button:text('Save limit')");
  await page.waitForSelector(".card-control .field-error:text('The limit can be at most £2,000.00')");
  await page.fill("input[name=contactless_payment-limit]", "150");
  await page.click(".card-control:has(input[name=contactless_payment-limit]) button:text('Save limit')");
  await page.waitForSelector(".toast:has-text('Contactless: daily limit saved')");
  await page.waitForSelector(".card-control-used:has-text('£0.00 of £150.00 used today')");

  // Frozen cards decline; unfrozen they pay again.
  await page.click("button:text('Freeze card')");
  await page.waitForSelector(".card-panel .card-status:text('Frozen')");
  assert.match(
    bank.cli(["card-network", "authorize", cardId, "4.20", "contactless", "Pret A Manger"]),
    /declined/,
  );
  await page.click("button:text('Unfreeze card')");
  await page.waitForSelector(".card-panel .card-status:text('Active')");

  // Details only after the texted code, and hidden again when their time is up.
  await page.click("button:text('Show card details')");
  await page.waitForSelector("text=enter the code we sent to your phone");
  await typeCode(page, await cardCode(phone));
  await page.waitForSelector("dd.card-pan");
  const shown = (await page.textContent("dd.card-pan")).replaceAll(" ", "");
  assert.match(shown, /^\d{16}$/);
  assert.equal(shown.slice(-4), lastFour);
  await page.waitForSelector("dd.card-pan", { state: "detached", timeout: 10000 });

  // A payment: the hold first, then the purchase once captured.
  const paid = bank.cli(["card-network", "authorize", cardId, "12.50", "online", "Ryman Stationery"]);
  assert.match(paid, /: pending$/m);
  const networkId = paid.split(" ")[0];
  if (layout === "mobile") {
    await page.click("text=Card transactions");
    await page.waitForURL(/\/cards\/transactions/);
  } else {
    await page.reload();
  }
  await hydrated(page);
  await page.waitForSelector("[aria-label='Pending card payments'] >> text=Ryman Stationery");
  bank.cli(["card-network", "capture", networkId]);
  await page.reload();
  await hydrated(page);
  await page.waitForSelector("[aria-label='Booked card payments'] >> text=Ryman Stationery");
  assert.equal(await page.isVisible("[aria-label='Pending card payments']"), false);
  if (layout === "mobile") {
    await page.click("text=Back to cards");
    await page.waitForURL(/\/cards\?card=/);
    await hydrated(page);
  }

  // Closed as stolen, behind its own approval.
  await page.click("button:text('Close card')");
  await page.check("input[value=stolen]");
  await page.click(".close-card button:text('Close card')");
  await page.waitForSelector("text=To close your card");
  await typeCode(page, await cardCode(phone));
  await page.waitForSelector(".card-panel .card-status:text('Closed')");
  await page.waitForSelector("text=Closed: Card was stolen");
  // A closed card leaves room for a new order.
  await page.waitForSelector("button:text('Order card')");
  // The refused order and activation answer 4xx on purpose; anything else is a fault.
  assert.deepEqual(
    seen.problems.filter((text) => !text.includes("Failed to load resource")),
    [],
  );
}

describe("cards", () => {
  it("desktop: order, activate, freeze, details, pay, close", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      await cardLife(await context.newPage(), "desktop", OLIVIA);
    } finally {
      await context.close();
    }
  });

  it("mobile: the same, with the card's transactions and perks on their own pages", async () => {
    const context = await browser.newContext(MOBILE);
    try {
      const page = await context.newPage();
      await cardLife(page, "mobile", TOM);
      await page.click("text=Card perks");
      await page.waitForURL(`${bank.url}/cards/benefits`);
      await expectHeading(page, "Card perks");
      await page.click("text=Roaming");
      await page.waitForURL(`${bank.url}/cards/benefits/roaming`);
      await page.waitForSelector("text=3x1GB per year roaming plus 15% off extra data.");
    } finally {
      await context.close();
    }
  });
});

/** The outbox page's text for `to`, with the HTML escapes of the link undone. */
async function outbox(to) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  return html.replaceAll("&#x2f;", "/").replaceAll("&amp;", "&");
}

describe("corporate cards", () => {
  it("an owner gives an employee a card on the phone; the employee accepts and activates it", async () => {
    const owner = await browser.newContext(MOBILE);
    const employee = await browser.newContext(DESKTOP);
    try {
      const page = await owner.newPage();
      const seen = watch(page);
      await logInWithSms(page, bank, ...OLIVIA);
      // On the phone an Account Owner's My Cards are the company's corporate cards.
      await page.click("summary[aria-label='Menu']");
      await page.click("a:text('My Cards')");
      await page.waitForURL(`${bank.url}/cards/corporate`);
      await expectHeading(page, "Corporate cards");
      await page.click("text=Give a card to an employee");
      await page.waitForURL(`${bank.url}/cards/corporate/invite`);
      await hydrated(page);
      await page.fill("input[name=name]", "Eve Hall");
      await page.fill("input[name=email]", "eve.hall@example.com");
      await page.click("text=Another address");
      await page.fill("input[name=addressLine1]", "20 Finsbury Circus");
      await page.fill("input[name=city]", "London");
      await page.fill("input[name=postalCode]", "EC2M 7EA");
      await page.click("button:text('Give card')");
      await page.waitForSelector("text=Field is required");
      await page.check("input[name=agreement]");
      await page.click("button:text('Give card')");
      await page.waitForURL(`${bank.url}/cards/corporate`);
      await page.waitForSelector(".card-invitation:has-text('eve.hall@example.com') >> text=Invitation sent");

      // The employee follows the emailed link and creates a login with the invited email.
      const link = /(\/invitation\/[A-Za-z0-9_-]+\/card)/.exec(await outbox("eve.hall@example.com"))?.[1];
      assert.ok(link, "the email carries the card link");
      const eve = await employee.newPage();
      const eveSeen = watch(eve);
      await eve.goto(`${bank.url}${link}`);
      await eve.waitForSelector("text=Bennett & Hale Trading Ltd is giving you a corporate card");
      await hydrated(eve);
      await eve.click("a:text('Create your login')");
      await eve.waitForSelector("h1:text('Account Registration')");
      await hydrated(eve);
      assert.equal(await eve.inputValue("input[name=email]"), "eve.hall@example.com");
      await eve.click("button[type=submit]");
      await eve.waitForSelector("h1:text('Email Verification')");
      await typeCode(eve, await latestCode(bank, "eve.hall@example.com"));
      await eve.waitForSelector("h1:text('Password')");
      await eve.fill("input[name=password]", "harbour2026");
      await eve.fill("input[name=confirm]", "harbour2026");
      await eve.check("input[name=acceptPolicies]");
      await eve.click("button[type=submit]");
      // Signed in, a card user sees their card and nothing of the company's accounts.
      await expectHeading(eve, "Your company card");
      await eve.waitForSelector("text=EVE HALL");
      await hydrated(eve);
      // The card set's pages pass axe as the other sets' do (a11y.test).
      await expectAccessible(eve, "card set /invitation/…/card");
      assert.equal(await eve.isVisible("text=Accounts"), false);
      for (let i = 0; i < 40 && !(await eve.isVisible("text=Activate card")); i++) {
        await eve.waitForTimeout(250);
        await eve.reload();
      }
      await hydrated(eve);
      const pan = (await eve.textContent(".card-panel h2")).trim();
      await eve.click("text=Activate card");
      await eve.waitForURL(/\/card\/activate/);
      await expectHeading(eve, "Activate your card");
      await hydrated(eve);
      await expectAccessible(eve, "card set /invitation/…/card/activate");
      await eve.fill("input[name=lastDigits]", pan.slice(-4));
      await eve.fill("input[name=pin]", "4829");
      await eve.fill("input[name=confirm]", "4829");
      await eve.click("button:text('Activate')");
      await eve.waitForSelector(".card-panel .card-status:text('Active')");
      await eve.click("button:text('Freeze card')");
      await eve.waitForSelector(".card-panel .card-status:text('Frozen')");

      // The owner sees the employee's card and manages it, without activating or revealing it.
      await page.reload();
      await hydrated(page);
      await page.click(".card-tile:has-text('EVE HALL')");
      await page.waitForURL(/\/cards\/corporate\/[^/]+\/view/);
      await expectHeading(page, "Corporate card");
      await hydrated(page);
      await page.waitForSelector(".card-panel .card-status:text('Frozen')");
      assert.equal(await page.isVisible("button:text('Show card details')"), false);
      await page.click("button:text('Unfreeze card')");
      await page.waitForSelector(".card-panel .card-status:text('Active')");
      await eve.reload();
      await eve.waitForSelector(".card-panel .card-status:text('Active')");
      assert.deepEqual(
        [...seen.problems, ...eveSeen.problems].filter((text) => !text.includes("Failed to load resource")),
        [],
      );
    } finally {
      await owner.close();
      await employee.close();
    }
  });
});
