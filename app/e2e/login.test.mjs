import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  hydrated,
  launchBrowser,
  MOBILE,
  latestCode as sharedLatestCode,
  startBank,
  watch,
  expectHeading,
} from "./bank.mjs";

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

const latestCode = (phone) => sharedLatestCode(bank, phone);

async function logIn(page, email, password) {
  await page.goto(`${bank.url}/login`);
  await hydrated(page);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
}

for (const [name, device] of [
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
]) {
  describe(`log in on ${name}`, () => {
    it("with an SMS code, reaches the dashboard, and logs out", async () => {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const seen = watch(page);
      await logIn(page, "olivia@demo.harbour.example", "Harbour2026");
      await page.waitForSelector("text=Approve Log In Using SMS Code");
      assert.ok(await page.isVisible("text=ending in 0001"));
      const code = await latestCode("+447700900001");
      await page.fill("[aria-label='Digit 1 of 6']", code[0]);
      await page.keyboard.type(code.slice(1));
      await page.waitForURL(`${bank.url}/dashboard`);
      await expectHeading(page, "Hello, Olivia");
      // The profile is named at the top; the greeting says its kind and the person's role in it.
      assert.equal(await page.locator(".profile-button-name").textContent(), "Bennett & Hale Trading Ltd");
      assert.equal(
        await page.locator(".dash-sub").textContent(),
        `${name === "desktop" ? "Bennett & Hale Trading Ltd · " : ""}Business Account · Account Owner`,
      );
      await hydrated(page);
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForURL(`${bank.url}/login`);
      assert.deepEqual(seen.problems, []);
      // The session is over: the dashboard is not there for a visitor (the auth set's 404).
      const response = await page.goto(`${bank.url}/dashboard`);
      assert.equal(response.status(), 404);
      await expectHeading(page, "Page not found");
      await context.close();
    });
  });
}

describe("log-in errors", () => {
  it("shows the server's message inline for a wrong password, and a wrong code under the cells", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await logIn(page, "tom@demo.harbour.example", "not-his-password1");
    await page.waitForSelector("text=Incorrect email or password");
    await page.fill("input[name=password]", "Harbour2026");
    await page.click("button[type=submit]");
    await page.waitForSelector("text=Approve Log In Using SMS Code");
    const code = await latestCode("+447700900002");
    const wrong = code === "000000" ? "111111" : "000000";
    await page.fill("[aria-label='Digit 1 of 6']", wrong[0]);
    await page.keyboard.type(wrong.slice(1));
    await page.waitForSelector("text=The code is incorrect");
    await page.click("text=Go back");
    await expectHeading(page, "Log in");
    await context.close();
  });
});

describe("log in without JavaScript", () => {
  it("posts the form and the code and reaches the dashboard", async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${bank.url}/login`);
    await page.fill("input[name=email]", "tom@demo.harbour.example");
    await page.fill("input[name=password]", "wrong-password1");
    await page.click("button[type=submit]");
    await page.waitForSelector("text=Incorrect email or password");
    await page.fill("input[name=email]", "tom@demo.harbour.example");
    await page.fill("input[name=password]", "Harbour2026");
    await page.click("button[type=submit]");
    await page.waitForSelector("text=Approve Log In Using SMS Code");
    const code = await latestCode("+447700900002");
    await page.fill("input[autocomplete=one-time-code]", code);
    await page.click("text=Confirm");
    await page.waitForURL(`${bank.url}/dashboard`);
    await expectHeading(page, "Hello, Tom");
    assert.match(await page.locator(".dash-sub").textContent(), /Personal Account/);
    await context.close();
  });
});

describe("idle logout", () => {
  it("warns after inactivity, continues on Yes, and logs out when the countdown ends", async () => {
    const idleBank = await startBank({ BANK_IDLE_WARNING_S: "2", BANK_IDLE_COUNTDOWN_S: "3" });
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    try {
      await page.goto(`${idleBank.url}/login`);
      await hydrated(page);
      await page.fill("input[name=email]", "olivia@demo.harbour.example");
      await page.fill("input[name=password]", "Harbour2026");
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Approve Log In Using SMS Code");
      const html = await (await fetch(`${idleBank.url}/dev/outbox?to=%2B447700900001`)).text();
      const code = /<pre class="outbox-body">(\d{6})/.exec(html)[1];
      await page.fill("[aria-label='Digit 1 of 6']", code[0]);
      await page.keyboard.type(code.slice(1));
      await page.waitForURL(`${idleBank.url}/dashboard`);
      await hydrated(page);
      const popup = page.locator("[role=alertdialog]");
      await popup.waitFor({ timeout: 6000 });
      assert.match(
        await popup.textContent(),
        /log you out of the Internet bank session after \d seconds of inactivity/,
      );
      await page.click("button:text-is('Yes')");
      assert.equal(await popup.count(), 0);
      await popup.waitFor({ timeout: 6000 });
      await page.waitForURL(`${idleBank.url}/login`, { timeout: 8000 });
    } finally {
      await context.close();
      idleBank.stop();
    }
  });
});
