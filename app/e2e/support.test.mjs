// Issue 31: writing to support from the side menu's Contact Us, desktop and phone (the form
// knows who is writing, checks SPEC §5's fields, and the message is acknowledged by email); a
// visitor's call-back request from leads; promos opened by SPEC §4's rule that stay dismissed;
// system events queued by the operator (the card address chosen, the survey answered, one put
// aside); the support chat behind its flag; and maintenance mode. One bank for the file: the promo, event and maintenance blocks
// run last.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  expectAccessible,
  expectHeading,
  hydrated,
  launchBrowser,
  hydrated as ready,
  logInWithSms,
  MOBILE,
  openPersonalAccount,
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

describe("call back", () => {
  it("a visitor asks the business team to call back", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await page.goto(`${bank.url}/leads`);
    await expectHeading(page, "Talk to our business team");
    await hydrated(page);
    await page.click("button:text('Request a call back')");
    assert.equal(await page.locator("text=Field is required").count(), 4, "name, company, email and phone");
    await page.fill("input[name=name]", "Amir Khan");
    await page.fill("input[name=company]", "Khan Logistics Ltd");
    await page.fill("input[name=email]", "amir@khan-logistics.example");
    await page.fill("input[name=phone]", "07700 900123");
    await page.click("button:text('Request a call back')");
    await waitToSee(page, "text=Our business team will call you back within one working day");
    const outbox = await (await fetch(`${bank.url}/dev/outbox?to=amir%40khan-logistics.example`)).text();
    assert.match(outbox, /We will call you back, Amir Khan/);
    await context.close();
  });
});

describe("terms and policies", () => {
  it("lists every policy with its version and when the person accepted it, on the desktop", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Terms and policies");
    await expectHeading(page, "Terms and policies");
    assert.equal(await page.locator(".policy-item").count(), 7);
    await waitToSee(page, "text=You accepted this version on");
    await expectAccessible(page, "/terms-and-policies");
    await page.click("a:text-is('Complaints policy')");
    await expectHeading(page, "Complaints policy");
    await context.close();
  });
});

describe("referrals", () => {
  it("a friend invited by email opens an account and the invitation is rewarded", async () => {
    const desktop = await browser.newContext(DESKTOP);
    const page = await desktop.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.click("nav >> text=Refer a friend");
    await expectHeading(page, "Refer a friend");
    const shortLink = await page.textContent(".referral-link");
    assert.match(shortLink, /\/s\/[a-z0-9]{8}$/);
    await expectAccessible(page, "/referrals");
    await page.click("text=Invite by email");
    await expectHeading(page, "Invite by email");
    await page.fill("input[name=email]", "ada.friend@example.com");
    await page.click("button:text('Send invitation')");
    await expectHeading(page, "Invitation sent");
    await page.click("a:text('Back to referrals')");
    await waitToSee(page, ".referral-list >> text=ada.friend@example.com");
    await waitToSee(page, ".referral-list >> text=Invited");

    // The friend follows the link on her phone and opens her account.
    const phone = await browser.newContext(MOBILE);
    const friend = await phone.newPage();
    await friend.goto(shortLink);
    await friend.waitForURL(/\/onboarding\/user\?ref=[A-Z0-9]{8}&programme=account/);
    await ready(friend);
    const mail = await (await fetch(`${bank.url}/dev/outbox?to=ada.friend%40example.com`)).text();
    assert.match(mail, /Olivia Bennett invites you to Harbour/);
    await openPersonalAccount(friend, bank, "ada.friend@example.com", "+447700900123");
    await phone.close();

    for (let i = 0; i < 40; i++) {
      await page.reload();
      if ((await page.locator(".referral-list >> text=Rewarded").count()) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await waitToSee(page, ".referral-list >> text=Rewarded");
    await desktop.close();
  });
});

const featureState = (page, name) =>
  page.evaluate(
    async (wanted) =>
      (await (await fetch("/v1/features")).json()).find((entry) => entry.name === wanted)?.state ?? null,
    name,
  );

describe("promos", () => {
  it("opens the first waiting promo on the dashboard, and once dismissed it stays so", async () => {
    bank.cli(["promos", "add", "rolesPromo", "--business", "--roles", "admin"]);
    // Each process reads the campaigns at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await waitToSee(page, "dialog >> text=Bring your team in, with the right access");
    await expectAccessible(page, "the roles promo");
    await page.click("dialog >> button:text('Not now')");
    assert.equal(await page.locator("dialog").count(), 0);
    await page.waitForFunction(async () => {
      const entries = await (await fetch("/v1/features")).json();
      return entries.find((entry) => entry.name === "rolesPromo")?.state === "dismissed";
    });
    await page.reload();
    await hydrated(page);
    assert.equal(await featureState(page, "rolesPromo"), "dismissed");
    assert.equal(await page.locator("dialog").count(), 0, "not shown again");
    await context.close();
  });

  it("never opens SPEC's phone exceptions on the phone, and its action leads to the feature", async () => {
    bank.cli(["promos", "add", "corporateCardsPromo", "--personal"]);
    bank.cli(["promos", "add", "swiftPromo", "--personal"]);
    // Each process reads the campaigns at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...TOM);
    await waitToSee(page, "dialog >> text=Pay anywhere in the world with SWIFT");
    assert.equal(await featureState(page, "corporateCardsPromo"), "toNotify", "waiting, but not opened");
    await page.click("dialog >> button:text('Make a SWIFT payment')");
    await page.waitForURL("**/transfer/2");
    assert.equal(await featureState(page, "swiftPromo"), "seen");
    await context.close();
  });
});

describe("system events", () => {
  it("the first queued event replaces the promos: the card address is chosen, then the survey answered", async () => {
    bank.cli(["events", "queue", "cardShippingAddress", "--to", OLIVIA[0]]);
    bank.cli(["events", "queue", "openBankingSurvey", "--to", OLIVIA[0]]);
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await waitToSee(page, "dialog >> text=Where should we send your next card?");
    await expectAccessible(page, "the shipping address event");
    await page.click("dialog >> text=Trading address");
    await page.click("dialog >> button:text('Save address')");
    await waitToSee(page, "text=Your next card will go to the address you chose");
    // The next event follows: the survey, as the bank defines it.
    await waitToSee(page, "dialog >> text=Help us shape open banking at Harbour");
    await page.click("dialog >> button:text('Send answers')");
    assert.equal(await page.locator("dialog .field-error").count(), 3, "three questions must be answered");
    await page.click("dialog >> text=Yes, one");
    await page.click("dialog >> text=Share transactions with my accounting software");
    await page.click("dialog >> text=It depends on the app");
    await page.fill("dialog textarea", "Xero please");
    await page.click("dialog >> button:text('Send answers')");
    await waitToSee(page, "text=Thank you for your answers");
    assert.equal(await page.locator("dialog").count(), 0);
    const settings = await page.evaluate(async () => (await fetch("/v1/utils/settings")).json());
    assert.deepEqual(settings, [
      { name: "events", value: [] },
      { name: "surveys", value: ["openBankingSurvey"] },
    ]);
    const shipping = await page.evaluate(async () =>
      (
        await fetch("/v2/cards/shipping-addresses/fetch", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).json(),
    );
    assert.equal(shipping.cardShippingAddressType, "trading");
    await page.reload();
    await hydrated(page);
    assert.equal(await page.locator("dialog").count(), 0, "answered events do not come back");
    await context.close();
  });

  it("on the phone, an event put aside with Not now is not shown again", async () => {
    bank.cli(["events", "queue", "cardShippingAddress", "--to", TOM[0]]);
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...TOM);
    await waitToSee(page, "dialog >> text=Where should we send your next card?");
    await page.click("dialog >> button:text('Not now')");
    await page.waitForFunction(async () => {
      const settings = await (await fetch("/v1/utils/settings")).json();
      return settings[0].value.length === 0;
    });
    await page.reload();
    await hydrated(page);
    assert.equal(await page.locator("dialog >> text=Where should we send your next card?").count(), 0);
    await context.close();
  });
});

describe("support chat", () => {
  it("exists only while chatWidget is on; a line reaches support and its answer comes back", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...OLIVIA);
    await page.waitForTimeout(500);
    assert.equal(await page.locator(".chat-launcher").count(), 0, "SPEC §1: off");
    bank.cli(["features", "set", "chatWidget", "on"]);
    // Each process reads the flags at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await page.reload();
    await hydrated(page);
    await page.click("button[aria-label='Chat with us']");
    await waitToSee(page, "dialog >> text=Ask us anything about your account, cards or payments.");
    await page.fill("#chat-text", "Can I raise my card limit?");
    await page.press("#chat-text", "Enter");
    await waitToSee(page, "dialog .chat-customer >> text=Can I raise my card limit?");
    await page.waitForSelector("dialog .chat-pending", { state: "detached" });
    await expectAccessible(page, "the support chat");
    bank.cli(["support", "reply", OLIVIA[0], "Yes: Cards, then Limits."]);
    // The open chat asks every 10 seconds.
    await page.waitForSelector("dialog .chat-support >> text=Yes: Cards, then Limits.", { timeout: 25_000 });
    await context.close();
  });

  it("on the phone, the conversation is there after a reload", async () => {
    const context = await browser.newContext(MOBILE);
    const page = await context.newPage();
    await logInWithSms(page, bank, ...TOM);
    await page.click("button[aria-label='Chat with us']");
    await page.fill("#chat-text", "Where is my new card?");
    await page.click("dialog >> button:text('Send')");
    await page.waitForSelector("dialog .chat-pending", { state: "detached" });
    await page.reload();
    await hydrated(page);
    await page.click("button[aria-label='Chat with us']");
    await waitToSee(page, "dialog .chat-customer >> text=Where is my new card?");
    await context.close();
    bank.cli(["features", "clear", "chatWidget"]);
  });
});

describe("maintenance", () => {
  it("shows its screen on every page while on, and the bank again once off", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    bank.cli(["features", "set", "maintenance", "on"]);
    // Each process reads the flags at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const path of ["/dashboard", "/privacy-policy", "/login"]) {
      const reply = await page.goto(`${bank.url}${path}`);
      assert.equal(reply.status(), 503, path);
      await expectHeading(page, "We are improving the Internet bank");
    }
    await expectAccessible(page, "the maintenance screen");
    bank.cli(["features", "set", "maintenance", "off"]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await Promise.all([page.waitForEvent("load"), page.click("a:text-is('Try again')")]);
    await expectHeading(page, "Log in");
    await context.close();
  });
});
