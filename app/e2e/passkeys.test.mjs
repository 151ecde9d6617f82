import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  DESKTOP,
  hydrated,
  launchBrowser,
  MOBILE,
  latestCode as sharedLatestCode,
  startBank,
  waitToSee,
} from "./bank.mjs";

let bank;
let browser;
// WebAuthn needs a secure context and a domain for the relying party: localhost is both.
let origin;

before(async () => {
  // Approvals count for one second, so every passkey change below asks to confirm it's you.
  bank = await startBank({ BANK_STEP_UP_S: "1" });
  origin = bank.url.replace("127.0.0.1", "localhost");
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  bank?.stop();
});

const latestCode = (phone) => sharedLatestCode(bank, phone);

async function passwordStep(page, email) {
  await page.goto(`${origin}/login`);
  await hydrated(page);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", "Harbour2026");
  await page.click("button[type=submit]");
}

async function smsStep(page, phone) {
  await page.waitForSelector("text=Approve Log In Using SMS Code");
  const code = await latestCode(phone);
  await page.fill("[aria-label='Digit 1 of 6']", code[0]);
  await page.keyboard.type(code.slice(1));
  await page.waitForURL(`${origin}/dashboard`);
  await hydrated(page);
}

/** Issue 11: a SEPA transfer approved with the passkey, whose challenge names the transfer. */
async function sepaWithPasskey(page) {
  await page.goto(`${origin}/transfer/0`);
  await hydrated(page);
  assert.ok(await page.isChecked("input[name=scheme][value=sepa]"));
  await page.fill("input[name=amount]", "15.00");
  await page.click("button:text('Continue')");
  await page.fill("input[name=name]", "Jonas Müller");
  await page.check("input[name=type][value=private]");
  await page.fill("input[name=iban]", "DE89 3704 0044 0532 0130 00");
  // The look-up names the bank and fills the BIC; continuing while it is on its way raced it
  // on a slow machine, so wait for it as a person would see it.
  await page.waitForSelector("text=Commerzbank");
  assert.equal(await page.inputValue("input[name=bic]"), "COBADEFFXXX");
  await page.fill("input[name=details]", "Dinner");
  await page.click("button:text('Continue')");
  await waitToSee(page, "text=Total");
  await page.click("button:text('Approve and send')");
  await page.click("button:text('Approve with your passkey')");
  await page.waitForSelector("text=Transfer sent");
}

async function logOut(page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(`${origin}/login`);
}

for (const [name, device, email, phone, details] of [
  ["desktop", DESKTOP, "olivia@demo.harbour.example", "+447700900001", "/client/details"],
  ["mobile", MOBILE, "tom@demo.harbour.example", "+447700900002", "/account"],
]) {
  describe(`passkeys on ${name}`, () => {
    it("enrols a passkey, approves a log-in with it, switches to SMS, and removes it", async () => {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await passwordStep(page, email);
      await smsStep(page, phone);
      await page.goto(`${origin}${details}`);
      await hydrated(page);
      assert.ok(await page.isVisible("text=SMS code"));
      await page.waitForTimeout(1100);
      await page.click("text=Add a passkey");
      // The log-in's approval is too old: a fresh SMS code first.
      await page.waitForSelector("text=Confirm it's you");
      const stepUpCode = await latestCode(phone);
      await page.fill("[aria-label='Digit 1 of 6']", stepUpCode[0]);
      await page.keyboard.type(stepUpCode.slice(1));
      await page.waitForSelector("text=Passkey added");
      const notice = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(email)}`)).text();
      assert.match(notice, /A passkey was added/, "the customer is told by email");
      assert.ok(await page.isVisible("text=Face or fingerprint (passkey)"));
      await logOut(page);

      // The face step now comes instead of the SMS code.
      await passwordStep(page, email);
      await page.waitForSelector("text=Approve Log In With Your Face");
      await page.click("button:text('Approve')");
      await page.waitForURL(`${origin}/dashboard`);
      await hydrated(page);
      if (email.startsWith("olivia")) await sepaWithPasskey(page);
      await logOut(page);

      // Switching to SMS sends a code at once.
      await passwordStep(page, email);
      await page.waitForSelector("text=Approve Log In With Your Face");
      await page.click("text=Use SMS instead");
      await smsStep(page, phone);

      await page.goto(`${origin}${details}`);
      await hydrated(page);
      await page.waitForTimeout(1100);
      await page.click("button:text('Remove')");
      // Confirmed with the passkey itself, the current factor.
      await page.click("text=Confirm with your passkey");
      await page.waitForSelector("text=You will approve log-ins by SMS.");
      await logOut(page);
      await passwordStep(page, email);
      await page.waitForSelector("text=Approve Log In Using SMS Code");
      await context.close();
    });
  });
}
